#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts
import SwivelTestSupport
import Testing

/// The stable path (like /tmp/swivel-host) that points a host at the pty.
@Suite struct PtySymlinkTests {
    @Test func pointsAtTheSecondaryAndHostsCanOpenIt() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let pair = try PseudoTerminalPair.open(symlinkAt: link)
        #expect(pair.symlinkPath == link)
        #expect(symlinkTarget(link) == pair.secondaryPath)

        let host = try SerialPort.open(path: link, baudRate: 115_200)
        try pair.primary.write(all: [0x53, 0x00, 0xFF], timeoutMilliseconds: 1_000)
        #expect(try readExactly(3, from: host) == [0x53, 0x00, 0xFF])
    }

    @Test func replacesAStaleSymlink() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        #expect(symlink("/dev/pts/no-such-pty", link) == 0)
        let pair = try PseudoTerminalPair.open(symlinkAt: link)
        #expect(symlinkTarget(link) == pair.secondaryPath)
    }

    @Test func refusesToReplaceARegularFile() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.writeFile("swivel-host", "keep me")
        let error = #expect(throws: PortError.self) { try PseudoTerminalPair.open(symlinkAt: file) }
        #expect(error?.kind == .open)
        #expect(error?.description.contains("refusing to replace a regular file") == true)
        #expect(pathKind(file) == .regularFile)
    }

    @Test func refusesToReplaceADirectory() throws {
        let directory = try TemporaryDirectory()
        let inner = directory.file("swivel-host")
        #expect(mkdir(inner, 0o755) == 0)
        let error = #expect(throws: PortError.self) { try PseudoTerminalPair.open(symlinkAt: inner) }
        #expect(error?.description.contains("refusing to replace a directory") == true)
        #expect(pathKind(inner) == .directory)
    }

    @Test func namesAMissingParentDirectory() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("absent/swivel-host")
        let error = #expect(throws: PortError.self) { try PseudoTerminalPair.open(symlinkAt: link) }
        #expect(error?.description.contains("parent directory \(directory.path)/absent does not exist") == true)
    }

    @Test func removedOnClose() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let pair = try PseudoTerminalPair.open(symlinkAt: link)
        #expect(pathKind(link) == .symlink)
        pair.close()
        #expect(pathKind(link) == .missing)
    }

    @Test func removedWhenThePairIsReleased() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        func openAndDrop() throws {
            let pair = try PseudoTerminalPair.open(symlinkAt: link)
            #expect(symlinkTarget(link) == pair.secondaryPath)
        }
        try openAndDrop()
        #expect(pathKind(link) == .missing)
    }

    /// Someone replaced the link by hand: the pair's close leaves theirs alone.
    /// (Before issue 10 a second pair took the path over and this test pinned
    /// that; a live pair's link cannot be taken any more, see below.)
    @Test func closeLeavesASymlinkSomeoneElseReplaced() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let pair = try PseudoTerminalPair.open(symlinkAt: link)
        #expect(symlink("/dev/pts/someone-elses", link + ".new") == 0)
        #expect(rename(link + ".new", link) == 0)
        pair.close()
        #expect(symlinkTarget(link) == "/dev/pts/someone-elses")
    }

    /// A second daemon given the same link must not take over a live one's.
    @Test func aSecondPairCannotTakeALivePairsLink() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let first = try PseudoTerminalPair.open(symlinkAt: link)
        let error = #expect(throws: PortError.self) { try PseudoTerminalPair.open(symlinkAt: link) }
        #expect(error?.kind == .open)
        #expect(error?.errno == EADDRINUSE)
        #expect(error?.description.contains("already in use by another swiveld (pid \(getpid()))") == true)
        #expect(symlinkTarget(link) == first.secondaryPath, "the first pair keeps its link")
        // Once the first is closed, its link and its lock are gone and the path is free.
        first.close()
        #expect(pathKind(link) == .missing)
        #expect(pathKind(link + ".lock") == .missing)
        let second = try PseudoTerminalPair.open(symlinkAt: link)
        #expect(symlinkTarget(link) == second.secondaryPath)
    }

    /// A daemon that crashed left its link and its lock file, but no lock: both are taken.
    @Test func aLockFileNobodyHoldsDoesNotGuard() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        #expect(symlink("/dev/pts/no-such-pty", link) == 0)
        try directory.writeFile("swivel-host.lock", "999999\n")
        let pair = try PseudoTerminalPair.open(symlinkAt: link)
        #expect(symlinkTarget(link) == pair.secondaryPath)
    }

    /// In a shared directory a symlink planted at the lock's path is refused, not followed.
    @Test func aSymlinkAtTheLockPathIsNotFollowed() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let victim = try directory.writeFile("victim", "keep me")
        #expect(symlink(victim, link + ".lock") == 0)
        let error = #expect(throws: PortError.self) { try PseudoTerminalPair.open(symlinkAt: link) }
        #expect(error?.errno == ELOOP)
        #expect(readText(victim) == "keep me")
        #expect(pathKind(link) == .missing)
    }
}
