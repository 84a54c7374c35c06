import SwivelPorts
import Testing

/// The behaviour every channel shares, shown on a socket pair.
@Suite struct FileChannelTests {
    @Test func readReturnsZeroWhenNothingIsWaiting() throws {
        let (left, right) = try UnixSocket.pair()
        defer { withExtendedLifetime(right) {} }
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(try left.read(into: &buffer) == 0)
        var empty: [UInt8] = []
        #expect(try left.read(into: &empty) == 0)
    }

    @Test func aWriteNobodyDrainsTimesOut() throws {
        let (left, right) = try UnixSocket.pair()
        // Far more than any socket buffer holds.
        let bytes = [UInt8](repeating: 0x55, count: 16 * 1_024 * 1_024)
        let error = #expect(throws: PortError.self) { try left.write(all: bytes, timeoutMilliseconds: 50) }
        #expect(error?.kind == .timedOut)
        #expect(error?.description.hasPrefix("write socketpair: timed out after 50 ms") == true)
        #expect(right.isOpen)
    }

    @Test func aZeroTimeoutStillSendsWhatFits() throws {
        let (left, right) = try UnixSocket.pair()
        try left.write(all: [9, 8, 7], timeoutMilliseconds: 0)
        #expect(try readExactly(3, from: right) == [9, 8, 7])
    }

    /// Several regions in one gather write, in order; a full peer takes part
    /// or nothing, and the call never waits.
    @Test func writeAvailableGathersRegionsAndNeverWaits() throws {
        let (left, right) = try UnixSocket.pair()
        let parts: [[UInt8]] = [[1, 2, 3], [], [4], [5, 6]]
        let written = try parts[0].withUnsafeBytes { a in
            try parts[1].withUnsafeBytes { b in
                try parts[2].withUnsafeBytes { c in
                    try parts[3].withUnsafeBytes { d in try left.writeAvailable([a, b, c, d]) }
                }
            }
        }
        #expect(written == 6)
        #expect(try readExactly(6, from: right) == [1, 2, 3, 4, 5, 6])
        // Nobody reads: the socket buffer fills, then each call returns 0 at once.
        let block = [UInt8](repeating: 0x55, count: 64 * 1_024)
        var total = 0
        var calls = 0
        while calls < 10_000 {
            calls += 1
            let count = try block.withUnsafeBytes { try left.writeAvailable([$0]) }
            if count == 0 { break }
            total += count
        }
        #expect(total > 0)
        #expect(calls < 10_000, "the buffer never filled")
        #expect(try block.withUnsafeBytes { try left.writeAvailable([$0]) } == 0)
        right.close()
        let error = #expect(throws: PortError.self) { _ = try block.withUnsafeBytes { try left.writeAvailable([$0]) } }
        #expect(error?.kind == .closed)
    }

    @Test func closeIsIdempotentAndLaterCallsAreClosed() throws {
        let (left, right) = try UnixSocket.pair()
        defer { withExtendedLifetime(right) {} }
        #expect(left.isOpen)
        left.close()
        left.close()
        #expect(!left.isOpen)
        #expect(left.fileDescriptor == -1)
        var buffer = [UInt8](repeating: 0, count: 4)
        let error = #expect(throws: PortError.self) { try left.read(into: &buffer) }
        #expect(error?.kind == .closed)
    }

    @Test func descriptionsReadAsSentences() {
        #expect(PortError(kind: .closed, path: "/dev/pts/3", errno: 5, detail: "closed by the other side").description
            == "/dev/pts/3: closed by the other side (Input/output error, errno 5)")
        #expect(PortError(kind: .poll, path: nil, errno: 22).description == "poll: Invalid argument (errno 22)")
        #expect(PortError(kind: .timedOut, path: "x").description == "write x: timed out")
    }
}
