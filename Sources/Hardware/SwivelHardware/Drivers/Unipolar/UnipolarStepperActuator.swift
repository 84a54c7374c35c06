/// A unipolar stepper (28BYJ-48 + ULN2003) as the stand drives it: a
/// `StepperDriver` whose STEP/DIR/ENABLE are a `UnipolarPhaseTranslator`'s,
/// so the step executor's timing, lateness and fault rules apply unchanged.
///
/// These motors run hot when held (about 240 mA a coil at 5 V, nothing to
/// limit it but the coils' resistance), so at rest the coils are switched
/// off `holdNanoseconds` after the last step, and on again just before the
/// next. Its gearbox (about 64:1) holds the axis meanwhile. The stand still
/// sees the motor as enabled: releasing it is the motor's own business.
public final class UnipolarStepperActuator: Actuator {
    public let driver: StepperDriver
    public let translator: UnipolarPhaseTranslator
    public let holdNanoseconds: Int64
    /// What the stand last asked.
    public private(set) var isEnabled = false
    /// Whether the coils are energised now (as last queued).
    public private(set) var coilsOn = false
    /// When the axis came to rest with its coils on: the end of the last period with steps.
    private var restingSince: MonotonicInstant?

    public init(driver: StepperDriver, translator: UnipolarPhaseTranslator, holdNanoseconds: Int64) {
        self.driver = driver
        self.translator = translator
        self.holdNanoseconds = holdNanoseconds
    }

    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        isEnabled = true
        energise(at: instant)
        restingSince = instant
    }

    public func disable(at instant: MonotonicInstant) {
        isEnabled = false
        coilsOn = false
        restingSince = nil
        driver.disable(at: instant)
    }

    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        let target = driver.planner.microsteps(forRadians: positionRadians)
        let steps = driver.backlogSteps > 0 || target != driver.state.microsteps
        // On before the steps: the executor orders an enable ahead of the steps at its instant.
        if isEnabled && steps && !coilsOn { energise(at: start) }
        try driver.move(toRadians: positionRadians, from: start, until: end)
        guard isEnabled, coilsOn else { return }
        if steps {
            restingSince = end
        } else if let since = restingSince, end.nanoseconds - since.nanoseconds >= holdNanoseconds {
            // After this period's (empty) plan: nothing is queued behind it.
            driver.disable(at: start)
            coilsOn = false
            restingSince = nil
        }
    }

    public func adopt(positionRadians: Double) throws(MotionInputError) {
        try driver.rebase(toRadians: positionRadians)
    }

    public var builtInEncoder: (any PositionEncoder)? { nil }

    public var counters: ActuatorCounters { ActuatorCounters(rateLimitedSteps: driver.rateLimitedSteps) }

    public var fault: MotorProblem? { driver.fault }

    public var outputMark: UInt64? { driver.outputMark }

    public func hasWrittenOutput(through mark: UInt64) -> Bool { driver.hasWrittenOutput(through: mark) }

    private func energise(at instant: MonotonicInstant) {
        coilsOn = true
        driver.enable(at: instant)
    }
}
