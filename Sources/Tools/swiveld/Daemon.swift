#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelPOSIX
import SwivelProtocol
import SwivelRuntime
import SwivelSimBackend

/// swiveld: load the board, run the stand on the real-time loop, show what it
/// does, and on a terminating signal (or after --duration) bring it to a
/// stop, disable the drivers and exit 0.
enum Daemon {
    static let exitUsage: Int32 = 64   // EX_USAGE
    static let exitConfig: Int32 = 78  // EX_CONFIG
    static let exitSoftware: Int32 = 70 // EX_SOFTWARE

    static func run(arguments: [String]) -> Int32 {
        if arguments.first == "check-board" {
            let code = CheckBoard.run(arguments: Array(arguments.dropFirst()))
            // Its problems are log lines: they must be out before the process is.
            Console.shared.drain(withinNanoseconds: 1_000_000_000)
            return code
        }
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            StandardError.write("swiveld: \(error)\n\(Options.usage)\n")
            return exitUsage
        }
        if options.showHelp {
            print(Options.usage)
            return 0
        }
        if options.showVersion {
            print("swiveld \(FirmwareVersion.string)")
            return 0
        }
        // Before any thread exists, so every thread inherits the blocked mask.
        let signals = SignalWatcher.start()
        Log.setThreshold(options.verbose ? .debug : .info)
        let code = run(options: options, signals: signals)
        // Bounded: a stalled terminal loses the last lines, it does not keep the daemon.
        Console.shared.drain(withinNanoseconds: 1_000_000_000)
        return code
    }

    private static func run(options: Options, signals: SignalWatcher) -> Int32 {
        let path = options.boardPath ?? Options.installedBoardPath
        let board: Board
        do {
            board = try BoardLoader.load(contentsOf: path)
        } catch {
            if options.boardPath == nil, access(path, F_OK) != 0 {
                Log.error(Options.noInstalledBoard)
                return exitConfig
            }
            Log.error("board \(path) is not valid (\(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")):")
            for problem in error.problems { Log.error("\(path): \(problem)") }
            return exitConfig
        }
        Log.info("board '\(board.name)' (\(board.hardwareModel)) from \(path): \(axisSummary(board)), \(board.loopRateHz) Hz, backend \(board.backend.rawValue)")

        for warning in board.warnings { Log.warning("\(path): \(warning)") }
        for line in axisDetails(board) { Log.debug(line) }
        for signal in board.signalDescriptions { Log.debug(signal) }

        let clock = SystemMonotonicClock()
        let scene: Scene?
        do {
            scene = try SceneSetup.scene(options: options, board: board)
        } catch {
            Log.error("\(error)")
            return exitConfig
        }
        // Before any hardware is touched: a bad identity file stops nothing that runs.
        let identity: IdentitySetup.Identity
        do {
            identity = try IdentitySetup.identity(options: options, board: board)
        } catch {
            Log.error("the stand's identity: \(error)")
            return exitConfig
        }
        // Held until the daemon exits: one daemon per state directory, one identity per stand.
        defer { withExtendedLifetime(identity.lock) {} }
        let uuid = identity.uuid
        // The demo is for a simulated stand with no host and no scene; real hardware holds still.
        let playDemo = options.playDemo && board.backend == .simulated && scene == nil
        // From here a signal is the main thread's to act on: what was started is stopped in order.
        signals.beginTouchingHardware()
        // Everything that can fail is taken before the loop starts: the first
        // motion enables the drivers, and the demo or homing moves from the
        // loop's first tick, so a busy button line or socket found after it
        // would have energised the motors for nothing.
        let backend: Backend
        let stand: Stand
        let engine: StandEngine
        do {
            backend = try Backend(board: board, clock: clock)
            (stand, engine) = try Stand.make(board: board, hardware: backend.hardware, playDemo: playDemo)
        } catch {
            Log.error("cannot set up the stand: \(error)")
            return exitConfig
        }
        // A signal from now on (or one that came meanwhile) halts the stand from the signal thread.
        signals.attach(stand)
        let endpoints = LinkSetup.endpoints(options: options, board: board, simulated: backend.isSimulated)
        let hub = LinkHub(stand: stand, configuration: LinkSetup.configuration(board: board, uuid: uuid, options: options))
        let panel: SimulatedButtonPanel?
        do {
            (hub.accessories, panel) = try backend.accessories(board: board, clock: clock)
        } catch {
            Log.error("cannot set up the buttons and batteries: \(error)")
            return exitConfig
        }
        let link: LinkServer
        do {
            link = try LinkServer(hub: hub, endpoints: endpoints, clock: clock)
        } catch {
            Log.error("cannot open the host link: \(error)")
            return exitConfig
        }
        do {
            try backend.start()
        } catch {
            Log.error("cannot set up the stand: \(error)")
            return exitConfig
        }

        let loop: RealtimeLoop
        do {
            // The engine is the loop's from here: it ticks it, and after its
            // last tick turns off whatever a halt did not.
            loop = try RealtimeLoop(periodNanoseconds: stand.periodNanoseconds, clock: clock, running: engine)
            let privileges = try loop.start()
            if let warning = privileges.warning { Log.warning(warning) }
            Log.debug("real-time loop: period \(stand.periodNanoseconds) ns, memory lock \(privileges.memoryLock), SCHED_FIFO \(privileges.fifo), steps planned \(stand.leadNanoseconds) ns ahead")
        } catch {
            Log.error("cannot start the real-time loop: \(error)")
            backend.stop()
            return exitSoftware
        }
        do {
            try link.start()
        } catch {
            Log.error("cannot start the host link: \(error)")
            stand.requestHalt()
            loop.stop()
            backend.stop()
            return exitSoftware
        }
        Log.notice("host link: \(LinkSetup.describe(link.status()))")
        if case .pty? = endpoints.serial, let device = link.ptyDevicePath {
            Log.info("a serial host opens \(link.status().serialPath ?? device) (the pty \(device))")
        }
        if let socket = endpoints.socketPath {
            Log.notice("in another shell: \(LinkSetup.swivelctlCommand(socket: socket)) watch")
        }
        let camera = SceneSetup.startCamera(scene: scene, stand: stand, link: link, clock: clock)
        Log.notice(camera != nil
            ? "tracking the simulated camera's scene '\(scene?.name ?? "")'; Ctrl-C to stop"
            : playDemo ? "running the demo until a host connects; Ctrl-C to stop" : "running; Ctrl-C to stop")

        let started = clock.now()
        // The signal thread ends the run at this deadline, whatever this thread is doing.
        if let duration = options.durationNanoseconds {
            signals.setDeadline(nanoseconds: started.nanoseconds + duration, seconds: options.durationSeconds ?? 0)
        }
        if let scene, let panel { SceneSetup.schedulePresses(scene, on: panel, from: started) }
        let display = StatusDisplay(interactive: isTerminal(1))
        let keys = ButtonKeys(panel: panel)
        defer { keys?.restore() }
        if let keys { Log.notice("\(keys.legend): each presses and releases that simulated button") }
        func show() {
            let status = stand.status()
            let linkStatus = link.status()
            var context = [LinkSetup.segment(linkStatus)]
            if let camera { context.append(SceneSetup.segment(camera.status())) }
            var line = StatusLine.format(status, loop: loop.statistics(), context: context)
            if let keys { line += " | " + keys.segment }
            display.show(line, state: StatusDisplay.state(of: status, context: [LinkSetup.stateSegment(linkStatus)]), now: MonotonicTime.nanoseconds())
        }
        var lastPhase: DemoScript.Phase?
        var reason = "stopped"
        var round = 0
        // Every 20 ms: keys and signals; every 100 ms: the status. The halt
        // itself never waits for this loop (the signal thread requested it).
        while true {
            if let event = signals.nextEvent() {
                reason = event
                break
            }
            keys?.pressTyped(at: clock.now()) { message in Log.info(message) }
            if round % 5 == 0 {
                let status = stand.status()
                if status.demoPhase != lastPhase, let phase = status.demoPhase {
                    Log.info(phase.description)
                    lastPhase = phase
                }
                show()
            }
            round += 1
            sleep(milliseconds: 20)
        }

        Log.notice("\(reason): decelerating to a stop")
        stand.requestHalt()
        // Capped: a board's acceleration cap may be tiny (anything above 0 loads),
        // and an unbounded wait would trap converting to nanoseconds.
        let stopWaitSeconds = min(stand.worstCaseStopSeconds, 3600) + 2
        let deadline = clock.now().advanced(byNanoseconds: Int64(stopWaitSeconds * 1e9))
        var forced = false
        round = 0
        while !stand.isHalted {
            if signals.nextEvent() != nil {
                Log.warning("second signal: disabling the drivers without waiting")
                forced = true
                break
            }
            if clock.now() >= deadline {
                Log.error("the stand did not come to rest in time; disabling the drivers")
                forced = true
                break
            }
            if round % 5 == 0 { show() }
            round += 1
            sleep(milliseconds: 20)
        }
        camera?.stop()
        link.stop()
        // Forced or not, the loop's end disables what is still on.
        loop.stop()
        Log.debug("loop statistics: \(loop.statistics())")
        let linkStatus = link.status()
        var context = [LinkSetup.segment(linkStatus)]
        if let camera { context.append(SceneSetup.segment(camera.status())) }
        display.finish(StatusLine.format(stand.status(), loop: loop.statistics(), context: context))
        backend.stop()

        var summary = Summary.format(
            stand.status(), loop: loop.statistics(), elapsedSeconds: clock.now().nanoseconds(since: started), haltReaction: stand.haltReaction)
        if let simulation = backend.simulationSummary { summary += "\n" + simulation }
        summary += "\n" + LinkSetup.summary(linkStatus)
        Console.shared.write(.output, summary + "\n")
        return forced ? exitSoftware : 0
    }

    /// One debug line per axis: its limits and how it is driven and measured.
    static func axisDetails(_ board: Board) -> [String] {
        var lines: [String] = []
        for (name, axis) in board.axes.present {
            let l = axis.limits
            var line = "\(name): "
            if let lower = l.minRadians, let upper = l.maxRadians {
                line += "range [\(lower), \(upper)] rad"
            } else {
                line += "continuous"
            }
            line += ", ≤ \(l.maxSpeedRadiansPerSecond) rad/s, ≤ \(l.maxAccelerationRadiansPerSecondSquared) rad/s²; "
            line += axis.motor.settings.summary
            switch axis.encoder {
            case .quadrature(let q):
                line += "; quadrature encoder A \(q.lineA) B \(q.lineB), \(q.countsPerRevolution) counts/rev"
            case .as5600(let sensor):
                line += "; AS5600 on /dev/i2c-\(sensor.i2cBus) address \(sensor.address), gear \(sensor.gearRatio), \(sensor.sampleRateHz) Hz"
            case nil:
                break
            }
            lines.append(line)
        }
        return lines
    }

    static func axisSummary(_ board: Board) -> String {
        var parts: [String] = []
        for (name, axis) in board.axes.present {
            let motor = axis.motor.typeName
            let measured = axis.encoder != nil || axis.motor.settings.ownEncoderCountsPerAxisTurn != nil
            parts.append("\(name) \(motor)\(measured ? "+encoder" : "")\(axis.continuous ? " (continuous)" : "")")
        }
        return parts.joined(separator: ", ")
    }
}
