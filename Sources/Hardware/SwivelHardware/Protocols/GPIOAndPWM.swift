/// A GPIO chip found by label. Lines are requested once: requesting a line that
/// is already held fails with `lineBusy`, as the kernel does.
public protocol GPIOChip: AnyObject {
    var label: String { get }
    /// Requests `line` as an output that starts at `initialHigh`, so the pin
    /// never glitches to a level the board did not ask for.
    func requestOutput(line: Int, initialHigh: Bool, consumer: String) throws(HardwareError) -> any DigitalOutput
    /// Requests `lines` as inputs reporting both edges, as one group.
    func requestEdgeEvents(lines: [Int], consumer: String) throws(HardwareError) -> any EdgeEventSource
}

/// One GPIO line driven by the runtime (a STEP, DIR or ENABLE pin).
///
/// `instant` is when the new level is meant to take effect. A hardware
/// executor calls `set` at that instant or later (it busy-waits for it, and
/// holds an edge back when a minimum time since an earlier write requires it)
/// and real lines ignore the argument; a virtual-time executor calls it ahead
/// of time and a simulated line takes effect at `instant`. Calls on one line
/// come in non-decreasing `instant`.
public protocol DigitalOutput: AnyObject {
    func set(_ high: Bool, at instant: MonotonicInstant)
}

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

/// Where servo PWM channels come from (sysfs `pwmchipN` on Linux, a mock in simulation).
public protocol PWMProvider: AnyObject {
    func channel(chip: Int, channel: Int) throws(HardwareError) -> any PWMChannel
}

/// One PWM output (a servo signal). Same timing rule as `DigitalOutput`:
/// `instant` is when the change takes effect.
public protocol PWMChannel: AnyObject {
    func configure(periodNanoseconds: Int64) throws(HardwareError)
    func setDutyCycle(nanoseconds: Int64, at instant: MonotonicInstant)
    func setEnabled(_ enabled: Bool, at instant: MonotonicInstant)
}
