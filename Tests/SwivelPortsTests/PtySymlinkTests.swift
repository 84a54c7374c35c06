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

    /// A second daemon took the path over: the first one's close leaves it alone.
    @Test func closeLeavesASymlinkSomeoneElseReplaced() throws {
        let directory = try TemporaryDirectory()
        let link = directory.file("swivel-host")
        let first = try PseudoTerminalPair.open(symlinkAt: link)
        let second = try PseudoTerminalPair.open(symlinkAt: link)
        first.close()
        #expect(symlinkTarget(link) == second.secondaryPath)
        second.close()
        #expect(pathKind(link) == .missing)
    }
}
