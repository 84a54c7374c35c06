#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts
import SwivelTestSupport
import Testing

@Suite struct PollTests {
    @Test func reportsWhichDescriptorHasData() throws {
        let (quietLeft, quietRight) = try UnixSocket.pair()
        defer { withExtendedLifetime(quietRight) {} }
        let (busyLeft, busyRight) = try UnixSocket.pair()
        var polls = PollSet()
        let quiet = polls.add(quietLeft.fileDescriptor)
        let busy = polls.add(busyLeft.fileDescriptor)
        #expect(try polls.wait(timeoutMilliseconds: 0) == 0)

        try busyRight.write(all: [42], timeoutMilliseconds: 1_000)
        #expect(try polls.wait(timeoutMilliseconds: 5_000) == 1)
        #expect(polls.isReadable(busy))
        #expect(!polls.isReadable(quiet))
        #expect(!polls.hasHungUp(busy))
    }

    @Test func reportsAHangUp() throws {
        let (left, right) = try UnixSocket.pair()
        var polls = PollSet()
        let index = polls.add(left.fileDescriptor)
        right.close()
        #expect(try polls.wait(timeoutMilliseconds: 5_000) == 1)
        #expect(polls.hasHungUp(index))
    }

    @Test func reportsWritable() throws {
        let (left, right) = try UnixSocket.pair()
        defer { withExtendedLifetime(right) {} }
        var polls = PollSet()
        let index = polls.add(left.fileDescriptor, readable: false, writable: true)
        #expect(try polls.wait(timeoutMilliseconds: 5_000) == 1)
        #expect(polls.isWritable(index))
        #expect(!polls.isReadable(index))
    }

    @Test func anIndexNeverAddedIsNeverReady() throws {
        var polls = PollSet()
        #expect(!polls.isReadable(3))
        #expect(!polls.hasHungUp(-1))
        let (left, right) = try UnixSocket.pair()
        _ = polls.add(left.fileDescriptor)
        try right.write(all: [1], timeoutMilliseconds: 1_000)
        #expect(try polls.wait(timeoutMilliseconds: 5_000) == 1)
        polls.removeAll()
        #expect(polls.count == 0)
        #expect(!polls.isReadable(0))
    }

    /// The wait ends because of the waker: one descriptor ready, and it is the
    /// waker's; a timeout would have returned 0 after ten seconds.
    @Test func aWakerEndsALongPollFromAnotherThread() throws {
        let waker = try PollWaker()
        let (idle, idlePeer) = try UnixSocket.pair()
        defer { withExtendedLifetime(idlePeer) {} }
        var polls = PollSet()
        let idleIndex = polls.add(idle.fileDescriptor)
        let wakerIndex = polls.add(waker.fileDescriptor)
        let other = try TestThread {
            usleep(20_000)
            waker.wake()
        }
        let ready = try polls.wait(timeoutMilliseconds: 10_000)
        other.join()
        #expect(ready == 1)
        #expect(polls.isReadable(wakerIndex))
        #expect(!polls.isReadable(idleIndex))

        waker.wake()
        waker.drain()
        #expect(try polls.wait(timeoutMilliseconds: 0) == 0)
    }

    @Test func manyWakesNeverBlockTheWaker() throws {
        let waker = try PollWaker()
        // More than a pipe holds: wake() must drop the extra bytes, not block.
        for _ in 0..<200_000 { waker.wake() }
        #expect(try isReadable(waker.fileDescriptor, withinMilliseconds: 0))
        waker.drain()
        #expect(try !isReadable(waker.fileDescriptor, withinMilliseconds: 0))
    }
}
