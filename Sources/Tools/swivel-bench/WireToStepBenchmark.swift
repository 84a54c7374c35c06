import SwivelBoard
import SwivelHardware
import SwivelPOSIX
import SwivelProtocol
import SwivelRuntime
import SwivelSimBackend
import SwivelToolSupport

/// One SET_ANGULAR_VELOCITY frame from its bytes to the first STEP edge: the
/// link hub decodes it and posts it into the engine's mailbox, and the engine
/// ticks until the yaw stepper's driver writes a STEP line. On the default
/// board (its encoders read every tick) over mock hardware with no physical
/// model: the model is beyond the STEP line. `bench/wire-to-step-files.sh`
/// runs it under callgrind, collecting only inside `WireToStepRig.carry()`.
struct WireToStepBenchmark: Benchmark {
    let name = "wire-to-step"
    let summary = "a SET_ANGULAR_VELOCITY frame's bytes to the first STEP edge: ticks and ns"

    /// docs/PROTOCOL.md's vector: yaw 0.5 rad/s, sequence 4.
    static let frame: [UInt8] = [
        0x02, 0x01, 0x02, 0x04, 0x02, 0x20, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x02, 0x3f, 0x01, 0x01, 0x01, 0x03, 0xd8, 0x04, 0x00,
    ]
    /// A velocity ramped up from rest by the acceleration cap steps within this many ticks, or something is wrong.
    static let tickBudget = 1_000

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let board = try BenchBoards.load(BenchBoards.threeAxisPath)
        var nanoseconds = Samples()
        var ticks = 0
        for _ in 0..<options.repetitions {
            // A fresh stand each time: the frame always meets a stand at rest.
            let rig = try WireToStepRig(board: board)
            let started = MonotonicTime.nanoseconds()
            ticks = rig.carry()
            nanoseconds.add(Double(MonotonicTime.nanoseconds() - started))
            guard ticks > 0 else {
                throw ToolFailure("no STEP edge within \(Self.tickBudget) ticks of the frame (status: \(rig.engine.stand.status()))")
            }
        }
        var table = ResultTable(columns: ["figure", "median", "min–max"])
        table.add(["ticks from the frame to the first STEP edge", "\(ticks)", "-"])
        table.add([
            "wall time of that (hub + ticks)", Format.nanoseconds(nanoseconds.median),
            Format.nanoseconds(nanoseconds.minimum, unit: false) + "–" + Format.nanoseconds(nanoseconds.maximum),
        ])
        return BenchReport(
            header: [
                "\(options.repetitions) repetitions on \(BenchBoards.threeAxisPath), mock hardware, no physical model; the frame is docs/PROTOCOL.md's SET_ANGULAR_VELOCITY vector (yaw 0.5 rad/s)."
            ],
            table: table)
    }
}

/// A board's engine on mock hardware and a link hub on its stand, with a host
/// docked and system tracking off, so a velocity frame is obeyed.
final class WireToStepRig {
    let clock: ManualClock
    let chip: InMemoryGPIOChip
    let engine: StandEngine
    let hub: LinkHub
    let session: SessionID
    let stepLine: Int
    private(set) var deadline: MonotonicInstant

    init(board: Board) throws(ToolFailure) {
        guard let stepper = board.axes.yaw?.motor.stepper else {
            throw ToolFailure("\(board.name) has no yaw stepper")
        }
        stepLine = stepper.stepLine
        deadline = MonotonicInstant(nanoseconds: 1_000_000_000)
        clock = ManualClock(startingAt: deadline)
        do throws(StandSetupError) {
            let mock = try MockHardware(board: board, clock: clock, transitionLogCapacity: MockStandRig.transitionLogCapacity)
            chip = mock.chip
            engine = try Stand.make(board: board, hardware: mock.hardware, playDemo: false).engine
        } catch {
            throw ToolFailure("stand on mock hardware for '\(board.name)': \(error.reason)")
        }
        let identity = DeviceIdentity.identity(
            board: board, uuid: DeviceIdentity.uuid(boardName: board.name).uuid, heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50)
        hub = LinkHub(stand: engine.stand, configuration: LinkConfiguration(identity: identity))
        hub.onSessionEvent = nil
        session = hub.openSession(label: "bench", role: .host, at: deadline)
        hub.receive(WireFrame.encode(.hello(Hello(clientName: "swivel-bench")), sequence: 1), from: session, at: deadline)
        hub.receive(WireFrame.encode(.setSystemTracking(enabled: false), sequence: 2), from: session, at: deadline)
        for _ in 0..<10 { tick() }
        guard hub.isDocked(session) else { throw ToolFailure("the bench host did not dock") }
        _ = hub.takeOutput(for: session)
    }

    private func tick() {
        clock.set(deadline)
        engine.tick(at: deadline)
        hub.service(at: deadline)
        deadline = deadline.advanced(byNanoseconds: engine.periodNanoseconds)
    }

    /// The measured path: the frame into the hub, then the engine's ticks up to
    /// the one that writes a STEP edge. The hub's service, which only carries
    /// replies back to the wire, stays outside. Returns the ticks it took, 0 if none stepped.
    @inline(never)
    func carry() -> Int {
        let writesBefore = chip.writeCount(line: stepLine)
        hub.receive(WireToStepBenchmark.frame, from: session, at: deadline)
        for ticks in 1...WireToStepBenchmark.tickBudget {
            clock.set(deadline)
            engine.tick(at: deadline)
            deadline = deadline.advanced(byNanoseconds: engine.periodNanoseconds)
            if chip.writeCount(line: stepLine) > writesBefore { return ticks }
        }
        return 0
    }
}
