/// A step/dir stepper whose TMC2209 the stand watches over the UART: it moves
/// as the `StepperDriver` it wraps, and reports the driver's own problems
/// (over-temperature, a short, a reset, silence) beside late steps. ENABLE
/// switches it as it does any step/dir driver; the UART only sets up and reads.
public final class TMC2209Stepper: Actuator {
    public let stepper: StepperDriver
    public let node: TMC2209Node

    public init(stepper: StepperDriver, node: TMC2209Node) {
        self.stepper = stepper
        self.node = node
    }

    public var isEnabled: Bool { stepper.isEnabled }

    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        try stepper.enable(at: instant, holding: positionRadians)
    }

    public func disable(at instant: MonotonicInstant) { stepper.disable(at: instant) }

    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        try stepper.command(positionRadians: positionRadians, from: start, until: end)
    }

    public func adopt(positionRadians: Double) throws(MotionInputError) { try stepper.adopt(positionRadians: positionRadians) }

    public var builtInEncoder: (any PositionEncoder)? { nil }

    public var counters: ActuatorCounters { stepper.counters }

    /// Late steps first: they are the stand's own doing and the more exact reason.
    public var fault: MotorProblem? { stepper.fault ?? node.problem }

    public var outputMark: UInt64? { stepper.outputMark }

    public func hasWrittenOutput(through mark: UInt64) -> Bool { stepper.hasWrittenOutput(through: mark) }
}
