extension StepperDriver: Actuator {
    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        enable(at: instant)
    }

    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        try move(toRadians: positionRadians, from: start, until: end)
    }

    public func adopt(positionRadians: Double) throws(MotionInputError) {
        try rebase(toRadians: positionRadians)
    }

    public var builtInEncoder: (any PositionEncoder)? { nil }

    public var counters: ActuatorCounters { ActuatorCounters(rateLimitedSteps: rateLimitedSteps) }

    public var fault: MotorProblem? { lateFault?.problem }
}
