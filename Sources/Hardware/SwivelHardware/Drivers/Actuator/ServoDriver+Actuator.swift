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
