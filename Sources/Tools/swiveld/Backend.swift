import SwivelBoard
import SwivelHardware
import SwivelLinuxBackend
import SwivelRuntime
import SwivelSimBackend

/// The hardware behind the board, kept alive for the daemon's lifetime (the
/// simulated model, or the real chip and the step executor's thread).
///
/// Unchecked Sendable, the daemon's one exemption from the compiler's
/// ownership check: the engine built on these lines moves into the loop
/// thread (`RealtimeLoop(running:)`), and the compiler cannot see that the
/// daemon touches them again (`stop()`, `simulationSummary`) only after
/// `loop.stop()` has joined that thread. Nothing here is used in between.
enum Backend: @unchecked Sendable {
    case simulated(SimulatedHardware)
    #if os(Linux)
    case linux(LinuxHardware)
    #endif

    init(board: Board, clock: SystemMonotonicClock) throws(StandSetupError) {
        switch board.backend {
        case .simulated:
            // The model sees every line write through its observer; the chip's own
            // log is only for tests, and every entry touched stays locked in memory.
            self = .simulated(try SimulatedHardware(
                board: board, clock: clock, transitionLogCapacity: 256,
                stepLatenessToleranceNanoseconds: SimulatedHardware.wallClockStepLatenessToleranceNanoseconds,
                devicesOnPty: true))
        case .gpiod:
            #if os(Linux)
            self = .linux(try LinuxHardware(board: board, clock: clock))
            #else
            throw StandSetupError("the gpiod backend needs Linux")
            #endif
        }
    }

    var hardware: StandHardware {
        switch self {
        case .simulated(let simulation): simulation.hardware
        #if os(Linux)
        case .linux(let linux): linux.hardware
        #endif
        }
    }

    var isSimulated: Bool {
        if case .simulated = self { return true }
        return false
    }

    /// Starts what runs beside the loop: the step executor's thread on hardware.
    func start() throws(StandSetupError) {
        #if os(Linux)
        if case .linux(let linux) = self {
            let grant = try linux.startStepThread()
            if let warning = grant.warning { Log.warning(warning) }
            Log.debug("step thread: SCHED_FIFO \(grant.fifo), CPU \(linux.stepThread.request.cpu.map(String.init) ?? "any") \(grant.affinity)")
        }
        #endif
    }

    /// For the exit summary, once the loop has stopped (the model is the
    /// loop thread's until then): how often the simulated stand fell behind
    /// the clock and caught up in longer steps; nil on hardware.
    var simulationSummary: String? {
        guard case .simulated(let simulation) = self else { return nil }
        let model = simulation.model
        return (["  simulation: \(model.integrationSteps) integration steps, \(model.stretchedAdvances) catch-ups in longer steps (the model fell behind the clock)"]
            + (simulation.motorDevicesSummaryLines + simulation.i2cServoSummaryLines).map { "  " + $0 }).joined(separator: "\n")
    }

    /// After the drivers are disabled and the loop has stopped.
    func stop() {
        switch self {
        case .simulated(let simulation): simulation.stop()
        #if os(Linux)
        case .linux(let linux):
            linux.hardware.motorResources.stopAll()
            linux.executor.stop()
        #endif
        }
    }
}
