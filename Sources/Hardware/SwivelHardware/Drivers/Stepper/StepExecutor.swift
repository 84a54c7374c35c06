/// Turns step plans into STEP/DIR writes. Planning is the same everywhere;
/// only this part differs between virtual time (`InstantStepExecutor`) and
/// hardware (`BusyWaitStepExecutor`).
///
/// Both keep the same timing rules (`StepLineTiming`) and the same lateness
/// rule: an edge that would start a step (a DIR change or a rising edge) more
/// than `latenessToleranceNanoseconds` after its planned instant is not
/// written; the rest of its plan and every later plan on the channel are
/// dropped, and the channel reports a latched `StepLateFault` until cleared.
/// A pulse already started is always finished, so STEP is never left high.
///
/// ENABLE goes through the executor too, so its changes take effect at their
/// instants in order with the steps already queued: a disable at the end of
/// the last planned period comes after that period's steps on real lines as
/// in virtual time (at one instant, a disable after the steps, an enable
/// before them), and the first rising edge after an enable comes at least
/// `StepEnableTiming.setupNanoseconds` after it as written. ENABLE changes are
/// never dropped.
public protocol StepExecutor: AnyObject {
    /// The most steps one plan may carry; drivers size their plans to it, and
    /// the planner carries any excess to the next segment.
    var maximumStepsPerPlan: Int { get }
    /// How late past its planned instant an edge may still be written.
    var latenessToleranceNanoseconds: Int64 { get }
    /// Binds a STEP/DIR pair (and the driver's ENABLE line, if it has one,
    /// active low or high) and returns the channel number to pass to `execute`.
    func addChannel(
        step: any DigitalOutput, direction: any DigitalOutput, enable: (any DigitalOutput)?, enableActiveLow: Bool
    ) throws(HardwareError) -> Int
    /// Hands a plan over. Real-time path: never blocks, never allocates.
    /// Returns false if the plan was refused (a full queue, an unknown
    /// channel); the caller keeps its previous state and plans those steps again.
    func execute(_ plan: StepPlan, channel: Int) -> Bool
    /// Energises (true) or releases the channel's driver at `instant`, in
    /// order with the steps. Real-time path. False if it could not be queued
    /// (full); the caller asks again. True with no ENABLE line (nothing to do).
    func setEnabled(_ enabled: Bool, at instant: MonotonicInstant, channel: Int) -> Bool
    /// The channel's latched lateness fault, or nil.
    func lateFault(channel: Int) -> StepLateFault?
    /// Net microsteps (signed as the planner counts them) accepted on the
    /// channel but dropped for lateness, since the executor was made. Only grows
    /// in magnitude while a fault is latched; the driver subtracts it from its count.
    func droppedMicrosteps(channel: Int) -> Int64
    /// Plans accepted on the channel so far (an empty plan is not counted).
    func acceptedPlans(channel: Int) -> UInt64
    /// Plans on the channel the executor is done with, written whole or
    /// dropped for lateness: once it reaches a count `acceptedPlans` gave,
    /// every step of those plans is on the lines, or the channel's fault
    /// (latched first) says which were not. What a move's `finished` waits for.
    func finishedPlans(channel: Int) -> UInt64
    /// Ends the channel's fault: plans are written again. Call once the
    /// channel's plans have drained (its owner stopped queuing when it saw the fault).
    func clearLateFault(channel: Int)
}

extension StepExecutor {
    /// A STEP/DIR pair whose driver has no ENABLE line (or one driven elsewhere).
    public func addChannel(step: any DigitalOutput, direction: any DigitalOutput) throws(HardwareError) -> Int {
        try addChannel(step: step, direction: direction, enable: nil, enableActiveLow: false)
    }
}
