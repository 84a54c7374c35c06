/// A level change seen on an input line, stamped by whoever saw it (the kernel
/// on hardware, the physical model in simulation).
public struct EdgeEvent: Equatable, Sendable {
    public var instant: MonotonicInstant
    /// The line's offset on its chip.
    public var line: Int
    public var rising: Bool

    public init(instant: MonotonicInstant, line: Int, rising: Bool) {
        self.instant = instant
        self.line = line
        self.rising = rising
    }
}

/// A group of input lines watched for both edges, like one libgpiod v2 line
/// request: events of all its lines come out in the order they happened, which a
/// quadrature decoder needs.
public protocol EdgeEventSource: AnyObject {
    /// The lines this source watches.
    var lines: [Int] { get }
    /// The current level of `line`, which must be one of `lines`.
    func level(of line: Int) -> Bool
    /// Moves pending events, oldest first, into `buffer` and returns how many.
    /// Never blocks and never allocates.
    func drainEvents(into buffer: UnsafeMutableBufferPointer<EdgeEvent>) -> Int
    /// Events lost because nobody drained them in time.
    var droppedEvents: UInt64 { get }
}
