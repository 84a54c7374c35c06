#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SwivelPorts
import SwivelPOSIX
import SwivelTestSupport
import Testing

/// The simulated stand's pty: the daemon holds `primary`, a host opens the
/// secondary like a serial port.
@Suite struct PseudoTerminalPairTests {
    @Test func bytesCrossBothWaysUnchanged() throws {
        let pair = try PseudoTerminalPair.open()
        let host = try SerialPort.open(path: pair.secondaryPath, baudRate: 115_200)
        let down = patternBytes(count: 1_024)
        try pair.primary.write(all: down, timeoutMilliseconds: 5_000)
        #expect(try readExactly(down.count, from: host) == down)

        let up = patternBytes(count: 1_024, seed: 99)
        try host.write(all: up, timeoutMilliseconds: 5_000)
        #expect(try readExactly(up.count, from: pair.primary) == up)
    }

    @Test func sixtyFourKibibytesEachWayWhileTheOtherSideDrains() throws {
        let pair = try PseudoTerminalPair.open()
        let host = try SerialPort.open(path: pair.secondaryPath, baudRate: 921_600)
        let size = 64 * 1_024

        let down = patternBytes(count: size, seed: 1)
        let hostReceived = Outcome<Result<[UInt8], TestSetupError>>()
        let hostReader = try TestThread {
            hostReceived.value = Result { () throws(TestSetupError) in
                do { return try readExactly(size, from: host) } catch { throw TestSetupError("\(error)") }
            }
        }
        try pair.primary.write(all: down, timeoutMilliseconds: 30_000)
        hostReader.join()
        #expect(try #require(hostReceived.value).get() == down)

        let up = patternBytes(count: size, seed: 2)
        let daemonReceived = Outcome<Result<[UInt8], TestSetupError>>()
        let primary = pair.primary
        let daemonReader = try TestThread {
            daemonReceived.value = Result { () throws(TestSetupError) in
                do { return try readExactly(size, from: primary) } catch { throw TestSetupError("\(error)") }
            }
        }
        try host.write(all: up, timeoutMilliseconds: 30_000)
        daemonReader.join()
        #expect(try #require(daemonReceived.value).get() == up)
    }

    /// Linux fails reads on a primary with EIO while nobody holds the secondary;
    /// the pair's own secondary descriptor keeps the daemon's side working.
    @Test func hostsComeAndGoWithoutThePrimaryEverClosing() throws {
        let pair = try PseudoTerminalPair.open()
        var buffer = [UInt8](repeating: 0, count: 256)
        for round in 0..<3 {
            let host = try SerialPort.open(path: pair.secondaryPath, baudRate: 115_200)
            let down = patternBytes(count: 64, seed: UInt8(round))
            try pair.primary.write(all: down, timeoutMilliseconds: 5_000)
            #expect(try readExactly(down.count, from: host) == down)
            let up = patternBytes(count: 64, seed: UInt8(100 + round))
            try host.write(all: up, timeoutMilliseconds: 5_000)
            #expect(try readExactly(up.count, from: pair.primary) == up)
            host.close()

            // No host now: nothing to read, no hang-up, no error.
            #expect(try pair.primary.read(into: &buffer) == 0)
            var polls = PollSet()
            let index = polls.add(pair.primary.fileDescriptor)
            #expect(try polls.wait(timeoutMilliseconds: 0) == 0)
            #expect(!polls.hasHungUp(index))
            #expect(pair.primary.isOpen)
        }
    }

    @Test func aHostOpeningLaterDoesNotReadBytesWrittenBeforeIt() throws {
        let pair = try PseudoTerminalPair.open()
        try pair.primary.write(all: [UInt8](repeating: 0xEE, count: 100), timeoutMilliseconds: 1_000)

        let host = try SerialPort.open(path: pair.secondaryPath, baudRate: 115_200)
        let fresh = patternBytes(count: 10, seed: 7)
        try pair.primary.write(all: fresh, timeoutMilliseconds: 1_000)
        #expect(try readExactly(fresh.count, from: host) == fresh)
        #expect(try !isReadable(host.fileDescriptor, withinMilliseconds: 100))
    }

    /// The control for the next test: the pair's own secondary descriptor does keep
    /// unread output queued for a host that opens without flushing.
    @Test func aPlainOpenReadsBytesQueuedWhileNoHostWasThere() throws {
        let pair = try PseudoTerminalPair.open()
        let stale = [UInt8](repeating: 0xEE, count: 100)
        try pair.primary.write(all: stale, timeoutMilliseconds: 1_000)
        let host = try openWithoutFlushing(pair.secondaryPath)
        #expect(try readExactly(stale.count, from: host) == stale)
    }

    @Test func discardPendingOutputDropsBytesNoHostRead() throws {
        let pair = try PseudoTerminalPair.open()
        try pair.primary.write(all: [UInt8](repeating: 0xEE, count: 100), timeoutMilliseconds: 1_000)
        pair.discardPendingOutput()

        let host = try openWithoutFlushing(pair.secondaryPath)
        let fresh = patternBytes(count: 10, seed: 3)
        try pair.primary.write(all: fresh, timeoutMilliseconds: 1_000)
        #expect(try readExactly(fresh.count, from: host) == fresh)
    }

    /// With no host draining, the queue fills: the daemon's write times out instead
    /// of blocking, and discarding the queue makes room again.
    @Test func writesWithNoHostTimeOutUntilTheQueueIsDiscarded() throws {
        let pair = try PseudoTerminalPair.open()
        let flood = [UInt8](repeating: 0xEE, count: 1_024 * 1_024)
        let error = #expect(throws: PortError.self) { try pair.primary.write(all: flood, timeoutMilliseconds: 200) }
        #expect(error?.kind == .timedOut)

        pair.discardPendingOutput()
        let fresh = patternBytes(count: 100, seed: 5)
        try pair.primary.write(all: fresh, timeoutMilliseconds: 5_000)
        let host = try openWithoutFlushing(pair.secondaryPath)
        #expect(try readExactly(fresh.count, from: host) == fresh)
    }

    @Test func aHostSeesClosedWhenTheDaemonClosesThePair() throws {
        let pair = try PseudoTerminalPair.open()
        let host = try SerialPort.open(path: pair.secondaryPath, baudRate: 115_200)
        pair.close()
        #expect(!pair.primary.isOpen)

        var polls = PollSet()
        let index = polls.add(host.fileDescriptor)
        #expect(try polls.wait(timeoutMilliseconds: 5_000) == 1)
        #expect(polls.hasHungUp(index))
        var buffer = [UInt8](repeating: 0, count: 16)
        let error = #expect(throws: PortError.self) { try host.read(into: &buffer) }
        #expect(error?.kind == .closed)
    }

    @Test func theDaemonsChannelReportsClosedAfterClose() throws {
        let pair = try PseudoTerminalPair.open()
        pair.close()
        pair.close()
        var buffer = [UInt8](repeating: 0, count: 16)
        let readError = #expect(throws: PortError.self) { try pair.primary.read(into: &buffer) }
        #expect(readError?.kind == .closed)
        let writeError = #expect(throws: PortError.self) { try pair.primary.write(all: [1], timeoutMilliseconds: 0) }
        #expect(writeError?.kind == .closed)
    }

    /// The secondary opened the way a host that ignores this module would open it.
    private func openWithoutFlushing(_ path: String) throws -> FileChannel {
        let descriptor = try FileDescriptor.open(path, .readWrite, options: [.noControllingTerminal, .nonBlocking])
        return FileChannel(descriptor: descriptor, label: path, transport: .terminal)
    }
}
