#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif
internal import CSwivelPOSIX

/// poll(2) with a nanosecond timeout (ppoll on Linux, where a wait of a few
/// hundred microseconds matters; rounded up to milliseconds elsewhere).
public enum PrecisePoll {
    /// One ppoll (a negative timeout waits forever): the ready count, or -1 with errno set, as the call.
    public static func wait(_ descriptors: UnsafeMutableBufferPointer<pollfd>, timeoutNanoseconds: Int64) -> Int32 {
        swivel_ppoll(descriptors.baseAddress, UInt(descriptors.count), timeoutNanoseconds)
    }
}
