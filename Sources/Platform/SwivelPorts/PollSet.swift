#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// poll(2) over several descriptors. Meant to be refilled every loop turn:
/// `removeAll()` keeps the storage, so a set that stays the same size allocates
/// nothing after the first turn.
public struct PollSet: Sendable {
    private var descriptors: [pollfd] = []

    public init() {
        descriptors.reserveCapacity(8)
    }

    public var count: Int { descriptors.count }

    public mutating func removeAll() {
        descriptors.removeAll(keepingCapacity: true)
    }

    /// Watches `fd`; a negative descriptor is ignored by poll and never reported ready.
    /// - Returns: the index to ask `isReadable(_:)` and `hasHungUp(_:)` about.
    public mutating func add(_ fd: Int32, readable: Bool = true, writable: Bool = false) -> Int {
        var events: Int16 = 0
        if readable { events |= Int16(POLLIN) }
        if writable { events |= Int16(POLLOUT) }
        descriptors.append(pollfd(fd: fd, events: events, revents: 0))
        return descriptors.count - 1
    }

    /// Waits until a descriptor is ready or the time is up. A signal does not cut
    /// the wait short: poll is retried with the time that is left.
    /// - Parameter timeoutMilliseconds: negative waits without limit; 0 only checks.
    /// - Returns: how many descriptors are ready; 0 when the time ran out.
    public mutating func wait(timeoutMilliseconds: Int32) throws(PortError) -> Int {
        try finish(descriptors.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(Errno) in try Poll.wait(buffer, timeoutMilliseconds: timeoutMilliseconds) }
        })
    }

    /// `wait` with a finer timeout: ppoll(2) on Linux, where a wait of a few
    /// hundred microseconds matters; elsewhere rounded up to milliseconds.
    /// - Parameter timeoutNanoseconds: negative waits without limit; 0 only checks.
    public mutating func wait(timeoutNanoseconds: Int64) throws(PortError) -> Int {
        try finish(descriptors.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(Errno) in try Poll.wait(buffer, timeoutNanoseconds: timeoutNanoseconds) }
        })
    }

    private func finish(_ waited: Result<Int, Errno>) throws(PortError) -> Int {
        switch waited {
        case .success(let ready): ready
        case .failure(let failure): throw PortError(kind: .poll, path: nil, errno: failure.code)
        }
    }

    /// Data (or EOF) waits at `index`: POLLIN. An index that was never added is never ready.
    public func isReadable(_ index: Int) -> Bool {
        returned(index) & Int16(POLLIN) != 0
    }

    public func isWritable(_ index: Int) -> Bool {
        returned(index) & Int16(POLLOUT) != 0
    }

    /// The other side hung up or the descriptor failed: POLLHUP, POLLERR or POLLNVAL.
    /// Data may still be readable before the read that reports `.closed`.
    public func hasHungUp(_ index: Int) -> Bool {
        returned(index) & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func returned(_ index: Int) -> Int16 {
        descriptors.indices.contains(index) ? descriptors[index].revents : 0
    }
}
