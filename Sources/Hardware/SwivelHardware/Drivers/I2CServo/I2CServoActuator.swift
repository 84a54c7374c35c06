/// A hobby servo on a channel of an I2C servo controller, as the tick drives
/// it: the pulse for the angle goes into the channel's slot (an atomic) and
/// the bus's writer sends it; off is a pulse of 0, which the chip's codec
/// turns into no pulse at all (the servo goes limp). Never blocks.
public final class I2CServoActuator: Actuator {
    public let mapping: ServoPulseMapping
    public let slot: I2CServoSlot
    private let bus: I2CServoBus
    /// The pulse last asked for, nil before the first command.
    public private(set) var pulseNanoseconds: Int64?
    public private(set) var isEnabled = false
    public let jogRangeNanoseconds: ClosedRange<Int64>

    /// - Parameter framePeriodNanoseconds: the chip's pulse period (50 Hz unless
    ///   given); a jog stays below it.
    public init(mapping: ServoPulseMapping, slot: I2CServoSlot, bus: I2CServoBus, framePeriodNanoseconds: Int64 = 20_000_000) {
        self.mapping = mapping
        self.slot = slot
        self.bus = bus
        jogRangeNanoseconds = ServoJog.range(periodNanoseconds: framePeriodNanoseconds)
    }

    public func jog(pulseNanoseconds pulse: Int64, at instant: MonotonicInstant) {
        guard !isEnabled || pulse != pulseNanoseconds else { return }
        pulseNanoseconds = pulse
        isEnabled = true
        publish(pulse)
    }

    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        guard let pulse = mapping.pulseNanoseconds(forAngle: positionRadians) else { throw .nonFiniteRadians }
        pulseNanoseconds = pulse
        isEnabled = true
        publish(pulse)
    }

    public func disable(at instant: MonotonicInstant) {
        isEnabled = false
        publish(0)
    }

    /// A disabled servo gets no pulse: `enable` writes the one it holds.
    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        guard let pulse = mapping.pulseNanoseconds(forAngle: positionRadians) else { throw .nonFiniteRadians }
        guard isEnabled, pulse != pulseNanoseconds else { return }
        pulseNanoseconds = pulse
        publish(pulse)
    }

    /// A servo's pulse is absolute: there is no count to rebase.
    public func adopt(positionRadians: Double) throws(MotionInputError) {}

    public var builtInEncoder: (any PositionEncoder)? { nil }

    public var counters: ActuatorCounters { ActuatorCounters() }

    public var fault: MotorProblem? { slot.busFailure }

    /// The angle of the last pulse asked for, nil before the first command.
    public var commandedRadians: Double? { pulseNanoseconds.map(mapping.angle(forPulseNanoseconds:)) }

    private func publish(_ pulse: Int64) {
        slot.wantedPulse.store(pulse, ordering: .releasing)
        bus.flushInline()
    }
}
