/// A hobby servo on a PWM channel. The servo closes its own position loop;
/// the driver only turns angles into pulse widths.
public final class ServoDriver {
    public let mapping: ServoPulseMapping
    public let periodNanoseconds: Int64
    private let channel: any PWMChannel
    /// The pulse last written, nil before the first command.
    public private(set) var pulseNanoseconds: Int64?
    public private(set) var isEnabled = false

    /// Configures the channel's period. The pulse range must fit inside the period.
    public init(channel: any PWMChannel, periodNanoseconds: Int64, mapping: ServoPulseMapping) throws(HardwareError) {
        guard periodNanoseconds > mapping.maxPulseNanoseconds else {
            throw HardwareError(.invalidConfiguration, "servo period \(periodNanoseconds) ns must be longer than its longest pulse \(mapping.maxPulseNanoseconds) ns")
        }
        try channel.configure(periodNanoseconds: periodNanoseconds)
        self.channel = channel
        self.periodNanoseconds = periodNanoseconds
        self.mapping = mapping
    }

    /// The same, from the board file's plain values.
    public convenience init(
        channel: any PWMChannel, periodNanoseconds: Int64, minPulseNanoseconds: Int64, maxPulseNanoseconds: Int64,
        angleAtMinPulseRadians: Double, angleAtMaxPulseRadians: Double
    ) throws(HardwareError) {
        let mapping = try ServoPulseMapping(
            minPulseNanoseconds: minPulseNanoseconds, maxPulseNanoseconds: maxPulseNanoseconds,
            angleAtMinPulseRadians: angleAtMinPulseRadians, angleAtMaxPulseRadians: angleAtMaxPulseRadians)
        try self.init(channel: channel, periodNanoseconds: periodNanoseconds, mapping: mapping)
    }

    /// Real-time path: clamps to the servo's span and writes the duty cycle
    /// only when the pulse width changes (a sysfs write is a syscall).
    public func command(angleRadians radians: Double, at instant: MonotonicInstant) throws(MotionInputError) {
        guard let pulse = mapping.pulseNanoseconds(forAngle: radians) else { throw .nonFiniteRadians }
        write(pulseNanoseconds: pulse, at: instant)
    }

    /// Any width, not only the mapping's: a jog's (`PulseWidthServo`).
    func write(pulseNanoseconds pulse: Int64, at instant: MonotonicInstant) {
        guard pulse != pulseNanoseconds else { return }
        channel.setDutyCycle(nanoseconds: pulse, at: instant)
        pulseNanoseconds = pulse
    }

    /// Starts the pulse train. Command an angle first, or the servo gets
    /// no pulse (0 ns) until the first command.
    public func enable(at instant: MonotonicInstant) {
        channel.setEnabled(true, at: instant)
        isEnabled = true
    }

    /// Stops the pulse train: the servo stops driving its horn.
    public func disable(at instant: MonotonicInstant) {
        channel.setEnabled(false, at: instant)
        isEnabled = false
    }

    /// The angle of the last written pulse, nil before the first command.
    public var commandedRadians: Double? { pulseNanoseconds.map(mapping.angle(forPulseNanoseconds:)) }

    public func angle(forPulseNanoseconds pulse: Int64) -> Double { mapping.angle(forPulseNanoseconds: pulse) }

    public func pulseNanoseconds(forAngle radians: Double) -> Int64? { mapping.pulseNanoseconds(forAngle: radians) }
}

extension ServoDriver: Actuator {
    /// The pulse for `positionRadians` is written first, so the first pulse of
    /// the train is that one and not a stale or empty one.
    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        do {
            try command(angleRadians: positionRadians, at: instant)
        } catch {
            enable(at: instant)
            throw error
        }
        enable(at: instant)
    }

    /// A servo that is off gets no pulse width: nothing would read it, and
    /// `enable` writes the one it holds.
    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        guard isEnabled else { return }
        try command(angleRadians: positionRadians, at: start)
    }

    /// A servo's pulse is absolute: there is no count to rebase.
    public func adopt(positionRadians: Double) throws(MotionInputError) {}

    public var builtInEncoder: (any PositionEncoder)? { nil }

    public var counters: ActuatorCounters { ActuatorCounters() }

    public var fault: MotorProblem? { nil }
}
