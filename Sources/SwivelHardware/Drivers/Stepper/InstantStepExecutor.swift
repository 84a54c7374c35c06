/// Writes a whole plan at once, each write stamped with its future instant.
/// For virtual time and simulation, where a line takes effect at the write's
/// instant rather than when `set` is called.
public final class InstantStepExecutor: StepExecutor {
    public let maximumStepsPerPlan: Int
    private var steps: [any DigitalOutput] = []
    private var directions: [any DigitalOutput] = []

    public init(maximumStepsPerPlan: Int = 1_024) {
        self.maximumStepsPerPlan = max(1, maximumStepsPerPlan)
    }

    public func addChannel(step: any DigitalOutput, direction: any DigitalOutput) throws(HardwareError) -> Int {
        steps.append(step)
        directions.append(direction)
        return steps.count - 1
    }

    public func execute(_ plan: StepPlan, channel: Int) -> Bool {
        guard channel >= 0, channel < steps.count, plan.stepCount <= maximumStepsPerPlan else { return false }
        if let change = plan.directionChange {
            directions[channel].set(plan.directionLevel, at: change)
        }
        let step = steps[channel]
        let width = plan.pulseWidthNanoseconds
        for rising in plan.risingEdges {
            step.set(true, at: rising)
            step.set(false, at: rising.advanced(byNanoseconds: width))
        }
        return true
    }
}
