/// Writes a whole plan at once, each write stamped with its future instant.
/// For virtual time and simulation, where a line takes effect at the write's
/// instant rather than when `set` is called.
///
/// With a clock it keeps the hardware executor's rules (`StepLineTiming`, and
/// the lateness rule of `StepExecutor`): a write cannot take effect before it
/// is made, so an edge whose instant has already passed when its plan arrives
/// is stamped with the present, the edges after it are held back by the
/// minimum times from there, and a step that would start more than the
/// tolerance late is dropped with the rest of its plan and latches the
/// channel's fault, as on real lines.
public final class InstantStepExecutor: StepExecutor {
    public let maximumStepsPerPlan: Int
    public let latenessToleranceNanoseconds: Int64
    private let clock: (any MonotonicClock)?
    private var channels: [Channel] = []

    private struct Channel {
        let step: any DigitalOutput
        let direction: any DigitalOutput
        let enable: (any DigitalOutput)?
        let enableActiveLow: Bool
        var timing = StepLineTiming()
        var fault: StepLateFault?
        var droppedMicrosteps: Int64 = 0
        /// Every plan is done with as it arrives: written, or dropped.
        var plans: UInt64 = 0
    }

    /// - Parameters:
    ///   - clock: what "now" is when a plan arrives; nil stamps every edge as
    ///     planned, however late (for tests of planning alone).
    ///   - latenessToleranceNanoseconds: see `StepExecutor`; below 0 counts as 0.
    public init(maximumStepsPerPlan: Int = 1_024, clock: (any MonotonicClock)? = nil, latenessToleranceNanoseconds: Int64 = 500_000) {
        self.maximumStepsPerPlan = max(1, maximumStepsPerPlan)
        self.clock = clock
        self.latenessToleranceNanoseconds = max(0, latenessToleranceNanoseconds)
    }

    public func addChannel(
        step: any DigitalOutput, direction: any DigitalOutput, enable: (any DigitalOutput)?, enableActiveLow: Bool
    ) throws(HardwareError) -> Int {
        channels.append(Channel(step: step, direction: direction, enable: enable, enableActiveLow: enableActiveLow))
        return channels.count - 1
    }

    /// Written at once, stamped `instant` (or now, if that has passed): a
    /// stamped line orders it with the steps by instant.
    public func setEnabled(_ enabled: Bool, at instant: MonotonicInstant, channel: Int) -> Bool {
        guard channel >= 0, channel < channels.count else { return false }
        guard let enable = channels[channel].enable else { return true }
        let now = clock?.now() ?? instant
        let effective = max(instant, now)
        enable.set(enabled != channels[channel].enableActiveLow, at: effective)
        if enabled { channels[channel].timing.recordEnabled(at: effective.nanoseconds) }
        return true
    }

    public func execute(_ plan: StepPlan, channel: Int) -> Bool {
        guard channel >= 0, channel < channels.count, plan.stepCount <= maximumStepsPerPlan else { return false }
        let sign: Int64 = plan.direction == .positive ? 1 : -1
        if !plan.isEmpty { channels[channel].plans &+= 1 }
        guard channels[channel].fault == nil else {
            channels[channel].droppedMicrosteps &+= sign &* Int64(plan.stepCount)
            return true
        }
        let now = clock?.now().nanoseconds ?? Int64.min
        let width = plan.pulseWidthNanoseconds
        let setup = plan.directionSetupNanoseconds
        var timing = channels[channel].timing
        defer { channels[channel].timing = timing }
        // A step starts at its DIR change (if any) or at its rising edge: past
        // the tolerance there, the step and the rest of the plan are dropped.
        if let change = plan.directionChange {
            let instant = max(now, timing.earliest(
                .direction, planned: change.nanoseconds, pulseWidthNanoseconds: width, directionSetupNanoseconds: setup))
            if dropIfLate(channel, at: instant, planned: change, remaining: plan.stepCount, sign: sign) { return true }
            channels[channel].direction.set(plan.directionLevel, at: MonotonicInstant(nanoseconds: instant))
            timing.record(.direction, at: instant)
        }
        let step = channels[channel].step
        for index in 0..<plan.stepCount {
            let rising = plan.risingEdges[index]
            let rise = max(now, timing.earliest(
                .rise, planned: rising.nanoseconds, pulseWidthNanoseconds: width, directionSetupNanoseconds: setup))
            if dropIfLate(channel, at: rise, planned: rising, remaining: plan.stepCount - index, sign: sign) { return true }
            step.set(true, at: MonotonicInstant(nanoseconds: rise))
            timing.record(.rise, at: rise)
            let fall = max(now, timing.earliest(
                .fall, planned: rising.nanoseconds &+ width, pulseWidthNanoseconds: width, directionSetupNanoseconds: setup))
            step.set(false, at: MonotonicInstant(nanoseconds: fall))
            timing.record(.fall, at: fall)
        }
        return true
    }

    /// Latches the channel's fault and counts the `remaining` steps as dropped
    /// when an edge planned at `planned` could only go out at `instant`, past the tolerance.
    private func dropIfLate(_ channel: Int, at instant: Int64, planned: MonotonicInstant, remaining: Int, sign: Int64) -> Bool {
        let lateness = instant &- planned.nanoseconds
        guard lateness > latenessToleranceNanoseconds else { return false }
        channels[channel].fault = StepLateFault(
            latenessNanoseconds: lateness, plannedInstant: planned, toleranceNanoseconds: latenessToleranceNanoseconds)
        channels[channel].droppedMicrosteps &+= sign &* Int64(remaining)
        return true
    }

    public func lateFault(channel: Int) -> StepLateFault? {
        guard channel >= 0, channel < channels.count else { return nil }
        return channels[channel].fault
    }

    public func droppedMicrosteps(channel: Int) -> Int64 {
        guard channel >= 0, channel < channels.count else { return 0 }
        return channels[channel].droppedMicrosteps
    }

    public func acceptedPlans(channel: Int) -> UInt64 {
        guard channel >= 0, channel < channels.count else { return 0 }
        return channels[channel].plans
    }

    public func finishedPlans(channel: Int) -> UInt64 { acceptedPlans(channel: channel) }

    public func clearLateFault(channel: Int) {
        guard channel >= 0, channel < channels.count else { return }
        channels[channel].fault = nil
    }
}
