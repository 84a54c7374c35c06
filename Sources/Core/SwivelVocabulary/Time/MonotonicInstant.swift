/// A point on the monotonic clock, in nanoseconds since an arbitrary origin.
///
/// Integer nanoseconds, not `Double` seconds: step pulses are a few microseconds
/// wide and must keep that resolution after days of uptime.
public struct MonotonicInstant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = MonotonicInstant(nanoseconds: 0)

    public init(seconds: Double) { self.nanoseconds = Int64((seconds * 1e9).rounded()) }

    public var seconds: Double { Double(nanoseconds) / 1e9 }

    public func advanced(byNanoseconds delta: Int64) -> MonotonicInstant {
        MonotonicInstant(nanoseconds: nanoseconds &+ delta)
    }

    public func nanoseconds(since earlier: MonotonicInstant) -> Int64 { nanoseconds &- earlier.nanoseconds }

    public static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool { a.nanoseconds < b.nanoseconds }

    public var description: String { "\(seconds)s" }
}
