/// Turns step plans into STEP/DIR writes. Planning is the same everywhere;
/// only this part differs between virtual time (`InstantStepExecutor`) and
/// hardware (`BusyWaitStepExecutor`).
public protocol StepExecutor: AnyObject {
    /// The most steps one plan may carry; drivers size their plans to it, and
    /// the planner carries any excess to the next segment.
    var maximumStepsPerPlan: Int { get }
    /// Binds a STEP/DIR pair and returns the channel number to pass to `execute`.
    func addChannel(step: any DigitalOutput, direction: any DigitalOutput) throws(HardwareError) -> Int
    /// Hands a plan over. Real-time path: never blocks, never allocates.
    /// Returns false if the plan was refused (a full queue, an unknown
    /// channel); the caller keeps its previous state and plans those steps again.
    func execute(_ plan: StepPlan, channel: Int) -> Bool
}
