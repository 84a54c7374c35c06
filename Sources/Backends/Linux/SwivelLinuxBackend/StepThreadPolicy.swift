public import SwivelHardware
import SwivelPOSIX
public import SwivelLoop

/// How the busy-waiting step thread is scheduled on hardware: pinned to the
/// board's `loop.stepCore` when it names one, and at SCHED_FIFO priority 48
/// where the kernel permits, one below the loop thread's 49, so a tick may
/// delay an edge (steps are planned a period ahead) but a spin never delays
/// a tick. What is not granted is reported, never fatal: steps then run less
/// precisely, as the loop does without its privileges.
public struct StepThreadPolicy: Sendable {
    public static let fifoPriority: Int32 = 48

    /// What the thread asks for (never memory locking: that is process-wide,
    /// and the loop thread asks for it).
    public let request: RealtimeRequest
    /// Applies a request to the calling thread; tests substitute a refusal.
    let apply: @Sendable (RealtimeRequest) -> (fifo: PrivilegeOutcome, affinity: PrivilegeOutcome)

    /// - Throws: `.invalidCPU` when `stepCore` is not a CPU of this machine
    ///   (the board loader checks only that a cpu_set_t can name it).
    public init(stepCore: Int?) throws(RealtimeLoopError) {
        try self.init(stepCore: stepCore, apply: RealtimePrivileges.applyThreadPolicy)
    }

    init(
        stepCore: Int?,
        apply: @escaping @Sendable (RealtimeRequest) -> (fifo: PrivilegeOutcome, affinity: PrivilegeOutcome)
    ) throws(RealtimeLoopError) {
        request = try RealtimeRequest(lockMemory: false, fifoPriority: Self.fifoPriority, cpu: stepCore)
        self.apply = apply
    }

    /// Starts `executor` with the policy applied on its own thread, and
    /// returns once the thread has applied it, with what was granted.
    public func start(_ executor: BusyWaitStepExecutor) throws(HardwareError) -> StepThreadGrant {
        let handoff = StartupHandoff<StepThreadGrant>()
        let request = request
        let apply = apply
        try executor.start {
            #if os(Linux)
            // Memory is locked as it is touched: touch this stack before the first edge.
            POSIXThread.lockCurrentStack(bytes: 64 * 1024)
            #endif
            let outcome = apply(request)
            handoff.send(StepThreadGrant(fifo: outcome.fifo, affinity: outcome.affinity))
        }
        return handoff.receive()
    }
}

/// What the kernel granted the step thread.
public struct StepThreadGrant: Sendable, Equatable {
    public var fifo: PrivilegeOutcome
    public var affinity: PrivilegeOutcome

    /// One sentence for the log, or nil when everything asked for was granted.
    public var warning: String? {
        let reasons = [fifo, affinity].compactMap(\.warning)
        guard !reasons.isEmpty else { return nil }
        return "Step thread setup incomplete, step edges will be less precise: "
            + reasons.joined(separator: " ").replacing("the loop", with: "the step thread")
    }
}
