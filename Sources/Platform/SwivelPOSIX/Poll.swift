#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// poll(2) with the EINTR loop: a signal does not cut a wait short; it is
/// retried with the time that is left. Allocates nothing.
public enum Poll {
    /// Waits until a descriptor is ready or the time is up.
    /// - Parameter timeoutMilliseconds: negative waits without limit; 0 only checks.
    /// - Returns: how many descriptors are ready; 0 when the time ran out.
    public static func wait(_ descriptors: UnsafeMutableBufferPointer<pollfd>, timeoutMilliseconds: Int32) throws(Errno) -> Int {
        let deadline = PollDeadline(timeoutMilliseconds: timeoutMilliseconds)
        var wait = timeoutMilliseconds
        while true {
            let ready = poll(descriptors.baseAddress, nfds_t(descriptors.count), wait)
            if ready >= 0 { return Int(ready) }
            guard errno == EINTR else { throw .current }
            wait = deadline.remainingMilliseconds
        }
    }

    /// `wait` with a finer timeout: ppoll(2) on Linux, where a wait of a few
    /// hundred microseconds matters; elsewhere rounded up to milliseconds.
    /// - Parameter timeoutNanoseconds: negative waits without limit; 0 only checks.
    public static func wait(_ descriptors: UnsafeMutableBufferPointer<pollfd>, timeoutNanoseconds: Int64) throws(Errno) -> Int {
        #if canImport(Glibc)
        guard timeoutNanoseconds >= 0 else { return try wait(descriptors, timeoutMilliseconds: -1) }
        let end = MonotonicTime.nanoseconds() + timeoutNanoseconds
        var left = timeoutNanoseconds
        while true {
            let ready = PrecisePoll.wait(descriptors, timeoutNanoseconds: left)
            if ready >= 0 { return Int(ready) }
            guard errno == EINTR else { throw .current }
            left = max(0, end - MonotonicTime.nanoseconds())
        }
        #else
        let milliseconds = timeoutNanoseconds < 0 ? -1 : Int32(clamping: (timeoutNanoseconds + 999_999) / 1_000_000)
        return try wait(descriptors, timeoutMilliseconds: milliseconds)
        #endif
    }

    /// One descriptor: the events it returned (revents), 0 when the time ran out.
    public static func wait(for events: Int16, on descriptor: FileDescriptor, timeoutMilliseconds: Int32) throws(Errno) -> Int16 {
        var entry = pollfd(fd: descriptor.rawValue, events: events, revents: 0)
        let ready = try withUnsafeMutablePointer(to: &entry) { pointer throws(Errno) in
            try wait(UnsafeMutableBufferPointer(start: pointer, count: 1), timeoutMilliseconds: timeoutMilliseconds)
        }
        return ready > 0 ? entry.revents : 0
    }
}

/// A poll(2) timeout measured from when it was made, so a retry after EINTR
/// or a partial write waits only for what is left. Negative means "no
/// limit", as in poll.
public struct PollDeadline: Sendable {
    private let endMilliseconds: Int64?

    public init(timeoutMilliseconds: Int32) {
        endMilliseconds = timeoutMilliseconds < 0 ? nil : MonotonicTime.milliseconds() + Int64(timeoutMilliseconds)
    }

    /// The timeout to pass to poll now: -1 for no limit, 0 once the deadline passed.
    public var remainingMilliseconds: Int32 {
        guard let endMilliseconds else { return -1 }
        return Int32(clamping: max(0, endMilliseconds - MonotonicTime.milliseconds()))
    }
}
