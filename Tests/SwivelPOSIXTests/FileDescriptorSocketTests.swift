#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelTestSupport
import Testing

/// The calls SwivelPorts builds on: what each one answers, as an `Errno`.
@Suite struct FileDescriptorSocketTests {
    @Test func aSendToAVanishedPeerIsEPIPENotSIGPIPE() throws {
        let (near, far) = try FileDescriptor.unixStreamSocketPair()
        defer { try? near.close() }
        try far.close()
        let byte: [UInt8] = [1]
        // Without MSG_NOSIGNAL this would kill the test process.
        #expect(throws: Errno(EPIPE)) { try byte.withUnsafeBytes { buffer throws(Errno) in try near.send(buffer) } }
    }

    @Test func gatheredWritesArriveInOrder() throws {
        let (near, far) = try FileDescriptor.unixStreamSocketPair()
        defer {
            try? near.close()
            try? far.close()
        }
        let first = Array("swivel ".utf8)
        let second = Array("stand".utf8)
        let sent = try first.withUnsafeBytes { a in
            try second.withUnsafeBytes { b in
                var vectors = [
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: a.baseAddress), iov_len: a.count),
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress), iov_len: b.count),
                ]
                return try vectors.withUnsafeMutableBufferPointer { buffer in try near.send(gathering: buffer) }
            }
        }
        #expect(sent == first.count + second.count)
        var received = [UInt8](repeating: 0, count: 32)
        let count = try received.withUnsafeMutableBytes { buffer in try far.read(into: buffer) }
        #expect(String(decoding: received[..<count], as: UTF8.self) == "swivel stand")
    }

    @Test func aNonBlockingReadOfAnEmptyPipeWouldBlock() throws {
        let ends = try FileDescriptor.pipe()
        defer {
            try? ends.readEnd.close()
            try? ends.writeEnd.close()
        }
        try ends.readEnd.setNonBlocking()
        try ends.readEnd.setCloseOnExec()
        #expect(fcntl(ends.readEnd.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        var byte: UInt8 = 0
        do {
            _ = try withUnsafeMutableBytes(of: &byte) { buffer throws(Errno) in try ends.readEnd.read(into: buffer) }
            Issue.record("an empty pipe gave a byte")
        } catch {
            #expect(error.isWouldBlock)
        }
    }

    @Test func pollReportsReadinessAndTimesOut() throws {
        let ends = try FileDescriptor.pipe()
        defer {
            try? ends.readEnd.close()
            try? ends.writeEnd.close()
        }
        #expect(try Poll.wait(for: Int16(POLLIN), on: ends.readEnd, timeoutMilliseconds: 0) == 0)
        var byte: UInt8 = 7
        _ = try withUnsafeBytes(of: &byte) { try ends.writeEnd.write($0) }
        #expect(try Poll.wait(for: Int16(POLLIN), on: ends.readEnd, timeoutMilliseconds: 0) & Int16(POLLIN) != 0)
    }

    @Test func positionedWritesAndReadsLeaveTheOffsetAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try FileDescriptor.open(directory.file("attribute"), .readWrite, options: [.create, .truncate])
        defer { try? file.close() }
        for value in ["1000\n", "25\n"] {
            let bytes = Array(value.utf8)
            #expect(try bytes.withUnsafeBytes { try file.write($0, atOffset: 0) } == bytes.count)
        }
        var buffer = [UInt8](repeating: 0, count: 8)
        let positioned = try buffer.withUnsafeMutableBytes { try file.read(into: $0, atOffset: 2) }
        #expect(String(decoding: buffer[..<positioned], as: UTF8.self) == "\n0\n")
        // The file position never moved: a plain read starts at 0.
        let count = try buffer.withUnsafeMutableBytes { try file.read(into: $0) }
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == "25\n0\n")
    }

    @Test func aListenerWithNobodyWaitingWouldBlock() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let listener = try FileDescriptor.unixStreamSocket()
        defer { try? listener.close() }
        #expect(withUnixAddress(directory.file("listener.sock")) { bind(listener.rawValue, $0, $1) } == 0)
        #expect(listen(listener.rawValue, 1) == 0)
        try listener.setNonBlocking()
        do {
            _ = try listener.accept()
            Issue.record("accepted a client nobody started")
        } catch {
            #expect(error.isWouldBlock)
        }
    }

    @Test func connectingToAMissingSocketIsENOENT() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let socket = try FileDescriptor.unixStreamSocket()
        defer { try? socket.close() }
        let result = withUnixAddress(directory.file("missing.sock")) { address, length in
            Result { () throws(Errno) in try socket.connect(to: address, length: length) }
        }
        guard case .failure(let failure) = result else {
            Issue.record("connected to a socket that does not exist")
            return
        }
        #expect(failure == .noSuchFile)
    }

    @Test func reapingAProcessThatIsNoChildIsECHILD() {
        #expect(throws: Errno(ECHILD)) { try ChildWait.reap(1) }
    }

    @Test func numberedDescriptionsAreThePortsAndHardwareForm() {
        #expect(Errno(EACCES).numberedDescription == "Permission denied (errno 13)")
        #expect(Errno(EAGAIN).isWouldBlock)
    }

    private func withUnixAddress<Result>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
