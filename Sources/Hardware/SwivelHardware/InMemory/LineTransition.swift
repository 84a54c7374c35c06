/// One level change of a mock output line, as the test and the physical model see it.
public struct LineTransition: Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var high: Bool
    /// When the change takes effect: the `at:` of the write on a
    /// `.stamped` chip, `writtenAt` on an `.immediate` one.
    public var instant: MonotonicInstant
    /// What the chip's clock read when the write was made. Ahead of `instant`
    /// for a virtual-time executor, at or after it for a busy-wait executor.
    public var writtenAt: MonotonicInstant

    public init(line: Int, high: Bool, instant: MonotonicInstant, writtenAt: MonotonicInstant) {
        self.line = line
        self.high = high
        self.instant = instant
        self.writtenAt = writtenAt
    }

    public var description: String { "line \(line) \(high ? "high" : "low") at \(instant)" }
}
