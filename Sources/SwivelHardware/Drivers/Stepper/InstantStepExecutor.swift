/// Writes a whole plan at once, each write stamped with its future instant.
/// For virtual time and simulation, where a line takes effect at the write's
/// instant rather than when `set` is called.
///
/// With a clock it keeps the hardware executor's rules (`StepLineTiming`):
/// a write cannot take effect before it is made, so an edge whose instant
/// has already passed is stamped with the present, and the edges after it
/// are held back by the minimum times from there, as on real lines.
public final class InstantStepExecutor: StepExecutor {
    public let maximumStepsPerPlan: Int
    private let clock: (any MonotonicClock)?
    private var channels: [Channel] = []

    private struct Channel {
        let step: any DigitalOutput
        let direction: any DigitalOutput
        var timing = StepLineTiming()
    }

    /// - Parameter clock: what "now" is when a plan arrives; nil stamps every
    ///   edge as planned, however late (for tests of planning alone).
    public init(maximumStepsPerPlan: Int = 1_024, clock: (any MonotonicClock)? = nil) {
        self.maximumStepsPerPlan = max(1, maximumStepsPerPlan)
        self.clock = clock
    }

    public func addChannel(step: any DigitalOutput, direction: any DigitalOutput) throws(HardwareError) -> Int {
        channels.append(Channel(step: step, direction: direction))
        return channels.count - 1
    }

    public func execute(_ plan: StepPlan, channel: Int) -> Bool {
        guard channel >= 0, channel < channels.count, plan.stepCount <= maximumStepsPerPlan else { return false }
        let now = clock?.now().nanoseconds ?? Int64.min
        let width = plan.pulseWidthNanoseconds
        let setup = plan.directionSetupNanoseconds
        var timing = channels[channel].timing
        func stamp(_ edge: StepEdge, planned: MonotonicInstant) -> MonotonicInstant {
            let instant = max(now, timing.earliest(
                edge, planned: planned.nanoseconds, pulseWidthNanoseconds: width, directionSetupNanoseconds: setup))
            timing.record(edge, at: instant)
            return MonotonicInstant(nanoseconds: instant)
        }
        if let change = plan.directionChange {
            channels[channel].direction.set(plan.directionLevel, at: stamp(.direction, planned: change))
        }
        let step = channels[channel].step
        for rising in plan.risingEdges {
            step.set(true, at: stamp(.rise, planned: rising))
            step.set(false, at: stamp(.fall, planned: rising.advanced(byNanoseconds: width)))
        }
        channels[channel].timing = timing
        return true
    }
}
