#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SwivelHardware
@testable import SwivelLinuxBackend
@testable import SwivelLoop
@testable import SwivelStand
import Testing

/// Scheduling of the busy-waiting step thread: the setup path, never its speed.
@Suite(.serialized) struct StepThreadPolicyTests {
    let clock = SystemMonotonicClock()

    /// An executor with one channel on a mock chip, and a plan with `steps` steps starting 2 ms from now.
    func rig(steps: Int) throws -> (executor: BusyWaitStepExecutor, chip: InMemoryGPIOChip, plan: StepPlan) {
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 2, clock: clock)
        // On the system clock: how late the thread wakes is the machine's
        // load, not what these tests check (LateStepThreadTests does, in virtual time).
        let executor = try BusyWaitStepExecutor(
            clock: clock, maximumStepsPerPlan: 16, queueDepth: 4,
            latenessToleranceNanoseconds: StepLateness.unlimitedNanoseconds)
        _ = try executor.addChannel(
            step: chip.requestOutput(line: 0, initialHigh: false, consumer: "step"),
            direction: chip.requestOutput(line: 1, initialHigh: false, consumer: "dir"))
        chip.clearTransitionLog()
        let planner = try StepPlanner(
            microstepsPerRadian: 1_000, maxStepRateHz: 20_000, minPulseWidthNanoseconds: 5_000,
            directionSetupNanoseconds: 5_000, invertDirection: false)
        let plan = StepPlan(capacity: 16)
        let start = MonotonicInstant(nanoseconds: clock.now().nanoseconds + 2_000_000)
        let segment = StepSegment(
            start: start, end: start.advanced(byNanoseconds: 2_000_000), startRadians: 0, endRadians: Double(steps) / 1_000)
        try planner.plan(segment, from: StepperState(microsteps: 0), into: plan)
        return (executor, chip, plan)
    }

    @Test func aCoreThisMachineLacksIsATypedError() {
        let cores = Int(sysconf(Int32(_SC_NPROCESSORS_CONF)))
        #expect {
            try StepThreadPolicy(stepCore: cores)
        } throws: { error in
            (error as? RealtimeLoopError)?.kind == .invalidCPU
                && (error as? RealtimeLoopError)?.reason.contains("CPU \(cores) does not exist") == true
        }
    }

    @Test func thePolicyAsksForFIFO48AndTheBoardsCore() throws {
        let policy = try StepThreadPolicy(stepCore: 0)
        #expect(policy.request.fifoPriority == 48)
        #expect(policy.request.cpu == 0)
        #expect(!policy.request.lockMemory)
        #expect(try StepThreadPolicy(stepCore: nil).request.cpu == nil)
    }

    @Test func whenNotPermittedTheThreadRunsAnywayAndSaysWhy() throws {
        let refused: @Sendable (RealtimeRequest) -> (fifo: PrivilegeOutcome, affinity: PrivilegeOutcome) = { request in
            (.refused(errno: EPERM, reason: RealtimePrivileges.fifoAdvice(errno: EPERM, priority: request.fifoPriority ?? 0)),
             .refused(errno: EINVAL, reason: RealtimePrivileges.affinityAdvice(errno: EINVAL, cpu: request.cpu ?? -1)))
        }
        let policy = try StepThreadPolicy(stepCore: 0, apply: refused)
        let (executor, chip, plan) = try rig(steps: 3)
        let grant = try policy.start(executor)
        defer { executor.stop() }
        #expect(executor.isRunning)
        #expect(!grant.fifo.isGranted && !grant.affinity.isGranted)
        let warning = try #require(grant.warning)
        #expect(warning.hasPrefix("Step thread setup incomplete"))
        #expect(warning.contains("SCHED_FIFO priority 48 not permitted (EPERM)"))
        #expect(warning.contains("LimitRTPRIO=48"))
        #expect(warning.contains("the step thread runs under the normal scheduler"))
        #expect(warning.contains("Pinning to CPU 0 refused (EINVAL)"))
        // The steps still go out.
        #expect(executor.execute(plan, channel: 0))
        for _ in 0..<5_000 where executor.executedPlans < 1 { usleep(1_000) }
        #expect(executor.executedPlans == 1)
        #expect(chip.transitions(onLine: 0).filter(\.high).count == 3)
    }

    @Test func thePolicyIsAppliedOnTheExecutorThreadBeforeItRuns() throws {
        let caller = pthread_self()
        let onOtherThread = Atomic<Int>(-1)
        let policy = try StepThreadPolicy(stepCore: nil) { _ in
            onOtherThread.store(pthread_equal(pthread_self(), caller) == 0 ? 1 : 0, ordering: .relaxed)
            return (.granted, .notRequested)
        }
        let (executor, _, _) = try rig(steps: 1)
        let grant = try policy.start(executor)
        executor.stop()
        #expect(onOtherThread.load(ordering: .relaxed) == 1, "applied by the step thread itself, before start returned")
        #expect(grant == StepThreadGrant(fifo: .granted, affinity: .notRequested))
        #expect(grant.warning == nil)
    }

    @Test func theRealPolicyIsGrantedOrExplained() throws {
        let (executor, _, _) = try rig(steps: 1)
        let grant = try StepThreadPolicy(stepCore: 0).start(executor)
        executor.stop()
        switch grant.fifo {
        case .granted: break
        case .refused(_, let reason), .unsupported(let reason): #expect(reason.contains("SCHED_FIFO priority 48"))
        case .notRequested: Issue.record("FIFO was requested")
        }
        switch grant.affinity {
        case .granted: break
        case .refused(_, let reason), .unsupported(let reason): #expect(reason.contains("CPU 0"))
        case .notRequested: Issue.record("a core was requested")
        }
        #expect((grant.warning == nil) == (grant.fifo.isGranted && grant.affinity.isGranted))
    }
}
