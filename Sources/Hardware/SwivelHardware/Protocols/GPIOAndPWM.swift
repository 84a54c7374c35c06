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

/// Where servo PWM channels come from (sysfs `pwmchipN` on Linux, a mock in simulation).
public protocol PWMProvider: AnyObject {
    func channel(chip: Int, channel: Int) throws(HardwareError) -> any PWMChannel
}
