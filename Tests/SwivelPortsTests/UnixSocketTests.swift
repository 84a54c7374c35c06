#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SwivelPorts
import SwivelPOSIX
import SwivelTestSupport
import Testing

/// The daemon's socket: one listener, many clients, and the files it leaves behind.
@Suite struct UnixSocketTests {
    @Test func threeClientsEachGetTheirOwnBytesBack() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        #expect(try listener.accept() == nil)

        let clients = try (0..<3).map { _ in try UnixSocket.connect(path: listener.path) }
        var servers: [FileChannel] = []
        while servers.count < clients.count {
            guard try isReadable(listener.fileDescriptor, withinMilliseconds: 5_000) else {
                Issue.record("only \(servers.count) clients accepted")
                return
            }
            while let server = try listener.accept() { servers.append(server) }
        }
        #expect(servers.allSatisfy { $0.label == "socket" })

        for (index, client) in clients.enumerated() {
            try client.write(all: patternBytes(count: 300, seed: UInt8(index * 50)), timeoutMilliseconds: 1_000)
        }
        // Echo whatever each server side received.
        for server in servers {
            let received = try readExactly(300, from: server)
            try server.write(all: received, timeoutMilliseconds: 1_000)
        }
        for (index, client) in clients.enumerated() {
            #expect(try readExactly(300, from: client) == patternBytes(count: 300, seed: UInt8(index * 50)))
        }
    }

    @Test func aClientHangingUpIsClosedOnTheServerSide() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        let client = try UnixSocket.connect(path: listener.path)
        let server = try #require(try acceptOne(listener))
        client.close()

        var polls = PollSet()
        let index = polls.add(server.fileDescriptor)
        #expect(try polls.wait(timeoutMilliseconds: 5_000) == 1)
        #expect(polls.isReadable(index))
        var buffer = [UInt8](repeating: 0, count: 16)
        let error = #expect(throws: PortError.self) { try server.read(into: &buffer) }
        #expect(error?.kind == .closed)
    }

    /// Without MSG_NOSIGNAL / SO_NOSIGPIPE this test kills the test process.
    @Test func writingToAGoneServerIsClosedNotSIGPIPE() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        let client = try UnixSocket.connect(path: listener.path)
        let server = try #require(try acceptOne(listener))
        server.close()
        let error = #expect(throws: PortError.self) {
            for _ in 0..<100 { try client.write(all: [UInt8](repeating: 1, count: 1_024), timeoutMilliseconds: 1_000) }
        }
        #expect(error?.kind == .closed)
        #expect(error?.errno == EPIPE)
    }

    @Test func refusesWhileAnotherListenerIsLive() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let first = try UnixSocketListener(path: path)
        let error = #expect(throws: PortError.self) { try UnixSocketListener(path: path) }
        #expect(error?.kind == .bind)
        #expect(error?.description.contains("already in use by another swiveld") == true)

        // The first daemon keeps its socket file and its clients.
        let client = try UnixSocket.connect(path: path)
        #expect(try acceptOne(first) != nil)
        client.close()
    }

    @Test func replacesAStaleSocketFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        try leaveStaleSocket(at: path)
        let refused = #expect(throws: PortError.self) { try UnixSocket.connect(path: path) }
        #expect(refused?.errno == ECONNREFUSED)

        let listener = try UnixSocketListener(path: path)
        let client = try UnixSocket.connect(path: path)
        #expect(try acceptOne(listener) != nil)
        client.close()
    }

    @Test func refusesToReplaceARegularFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.writeFile("swivel.sock", "not a socket")
        let error = #expect(throws: PortError.self) { try UnixSocketListener(path: path) }
        #expect(error?.description.contains("refusing to replace a regular file") == true)
        #expect(pathKind(path) == .regularFile)
    }

    @Test func theSocketFileHasTheRequestedMode() throws {
        let directory = try TemporaryDirectory()
        let standard = try UnixSocketListener(path: directory.file("a.sock"))
        #expect(try permissions(standard.path) == 0o660)
        let privateSocket = try UnixSocketListener(path: directory.file("b.sock"), mode: 0o600)
        #expect(try permissions(privateSocket.path) == 0o600)
    }

    /// Bound in a private directory and linked into place: nothing is left beside it.
    @Test func bindingLeavesOnlyTheSocketInItsDirectory() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        #expect(directoryEntries(directory.path) == ["swivel.sock"])
        let client = try UnixSocket.connect(path: listener.path)
        #expect(try acceptOne(listener) != nil)
        client.close()
        listener.close()
        #expect(directoryEntries(directory.path) == [])
    }

    /// At the descriptor limit a waiting client is taken off the queue with the
    /// reserved descriptor, told why, and closed.
    @Test func refuseOneTellsAWaitingClientAndClosesIt() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        #expect(!listener.refuseOne(saying: [1, 2, 3]), "nobody is waiting")
        let client = try UnixSocket.connect(path: listener.path)
        #expect(try isReadable(listener.fileDescriptor, withinMilliseconds: 5_000))
        #expect(listener.refuseOne(saying: [0x42, 0x43, 0x00]))
        #expect(try readExactly(3, from: client) == [0x42, 0x43, 0x00])
        #expect(try isReadable(client.fileDescriptor, withinMilliseconds: 5_000))
        var buffer = [UInt8](repeating: 0, count: 8)
        let error = #expect(throws: PortError.self) { try client.read(into: &buffer) }
        #expect(error?.kind == .closed)
        // And the reserve is back: it works again.
        let another = try UnixSocket.connect(path: listener.path)
        #expect(try isReadable(listener.fileDescriptor, withinMilliseconds: 5_000))
        #expect(listener.refuseOne(saying: [0x00]))
        #expect(try readExactly(1, from: another) == [0x00])
    }

    @Test func namesAMissingParentDirectory() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: PortError.self) { try UnixSocketListener(path: directory.file("run/swivel.sock")) }
        #expect(error?.description.contains("parent directory \(directory.path)/run does not exist") == true)
    }

    @Test func aPathTooLongForSunPathIsAnError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file(String(repeating: "s", count: 120))
        let error = #expect(throws: PortError.self) { try UnixSocketListener(path: path) }
        #expect(error?.errno == ENAMETOOLONG)
        #expect(error?.description.contains("the limit is \(UnixSocketAddress.maximumPathBytes)") == true)
    }

    @Test func closeRemovesTheSocketFile() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        #expect(pathKind(listener.path) == .socket)
        listener.close()
        listener.close()
        #expect(pathKind(listener.path) == .missing)
        let error = #expect(throws: PortError.self) { try listener.accept() }
        #expect(error?.kind == .closed)
    }

    /// A newer daemon already replaced the file: the old one's close leaves it.
    @Test func closeLeavesASocketFileSomeoneElseMade() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let old = try UnixSocketListener(path: path)
        unlink(path)
        let new = try UnixSocketListener(path: path)
        old.close()
        #expect(pathKind(path) == .socket)
        new.close()
        #expect(pathKind(path) == .missing)
    }

    @Test func connectingWhereNoDaemonIsSaysSo() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let error = #expect(throws: PortError.self) { try UnixSocket.connect(path: path) }
        #expect(error?.kind == .connect)
        #expect(error?.description == "connect \(path): No such file or directory (errno 2)")
    }

    @Test func permissionDeniedOnTheSocketNamesItsMode() throws {
        let directory = try TemporaryDirectory()
        let listener = try UnixSocketListener(path: directory.file("swivel.sock"))
        let error = PortError.connectFailed(path: listener.path, errno: EACCES)
        #expect(error.description == "connect \(listener.path): Permission denied (errno 13): socket is mode 0660: is the user in the socket's group?")
    }

    @Test func aSocketPairCarriesBytesBothWays() throws {
        let (left, right) = try UnixSocket.pair()
        try left.write(all: [1, 2, 3], timeoutMilliseconds: 1_000)
        #expect(try readExactly(3, from: right) == [1, 2, 3])
        try right.write(all: [4, 5], timeoutMilliseconds: 1_000)
        #expect(try readExactly(2, from: left) == [4, 5])
    }

    private func acceptOne(_ listener: UnixSocketListener) throws -> FileChannel? {
        guard try isReadable(listener.fileDescriptor, withinMilliseconds: 5_000) else { return nil }
        return try listener.accept()
    }

    private func directoryEntries(_ path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    private func permissions(_ path: String) throws -> UInt32 {
        var status = stat()
        guard stat(path, &status) == 0 else { throw TestSetupError("stat \(path): errno \(errno)") }
        return UInt32(status.st_mode) & 0o777
    }

    /// What a crashed daemon leaves: a socket file nothing listens on.
    private func leaveStaleSocket(at path: String) throws {
        let address = try UnixSocketAddress(path: path, failureKind: .bind)
        let descriptor = try makeUnixStreamSocket()
        defer { try? descriptor.close() }
        guard address.withSocketAddress({ bind(descriptor.rawValue, $0, $1) }) == 0 else {
            throw TestSetupError("bind \(path): errno \(errno)")
        }
        #expect(pathKind(path) == .socket)
    }
}
