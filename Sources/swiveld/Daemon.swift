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

/// swiveld: load the board, run the stand on the real-time loop, show what it
/// does, and on SIGINT/SIGTERM (or after --duration) bring it to a stop,
/// disable the drivers and exit 0.
enum Daemon {
    static let exitUsage: Int32 = 64   // EX_USAGE
    static let exitConfig: Int32 = 78  // EX_CONFIG
    static let exitSoftware: Int32 = 70 // EX_SOFTWARE

    static func run(arguments: [String]) -> Int32 {
        if arguments.first == "check-board" {
            return CheckBoard.run(arguments: Array(arguments.dropFirst()))
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
            print("swiveld \(SwivelVersion.string)")
            return 0
        }
        Log.setThreshold(options.verbose ? .debug : .info)
        // Before any thread exists, so every thread inherits the blocked mask.
        var signals = SignalWatcher()

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
        let uuid: WireUUID
        do {
            uuid = try IdentitySetup.uuid(options: options, board: board)
        } catch {
            Log.error("the stand's identity: \(error)")
            return exitConfig
        }
        // The demo is for a simulated stand with no host and no scene; real hardware holds still.
        let playDemo = options.playDemo && board.backend == .simulated && scene == nil
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
        if let scene, let panel { SceneSetup.schedulePresses(scene, on: panel, from: started) }
        let display = StatusDisplay(interactive: isTerminal(1))
        let keys = ButtonKeys(panel: panel)
        defer { keys?.restore() }
        if let keys { Log.notice("\(keys.legend): each presses and releases that simulated button") }
        var lastPhase: DemoScript.Phase?
        var reason = "stopped"
        while true {
            if let signal = signals.poll() {
                reason = signal
                break
            }
            if let duration = options.durationNanoseconds, clock.now().nanoseconds(since: started) >= duration {
                reason = "--duration \(fixed(options.durationSeconds ?? 0, 1)) s elapsed"
                break
            }
            let status = stand.status()
            if status.demoPhase != lastPhase, let phase = status.demoPhase {
                display.log { Log.info(phase.description) }
                lastPhase = phase
            }
            var line = StatusLine.format(status, loop: loop.statistics())
            if let camera { line += " | " + SceneSetup.segment(camera.status()) }
            line += " | " + LinkSetup.segment(link.status())
            if let keys {
                keys.pressTyped(at: clock.now()) { message in display.log { Log.info(message) } }
                line = keys.segment + " | " + line
            }
            display.show(line)
            sleep(milliseconds: 100)
        }

        display.log { Log.notice("\(reason): decelerating to a stop") }
        stand.requestHalt()
        // Capped: a board's acceleration cap may be tiny (anything above 0 loads),
        // and an unbounded wait would trap converting to nanoseconds.
        let stopWaitSeconds = min(stand.worstCaseStopSeconds, 3600) + 2
        let deadline = clock.now().advanced(byNanoseconds: Int64(stopWaitSeconds * 1e9))
        var forced = false
        while !stand.isHalted {
            if signals.poll() != nil {
                display.log { Log.warning("second signal: disabling the drivers without waiting") }
                forced = true
                break
            }
            if clock.now() >= deadline {
                display.log { Log.error("the stand did not come to rest in time; disabling the drivers") }
                forced = true
                break
            }
            display.show(StatusLine.format(stand.status(), loop: loop.statistics()))
            sleep(milliseconds: 20)
        }
        camera?.stop()
        link.stop()
        // Forced or not, the loop's end disables what is still on.
        loop.stop()
        Log.debug("loop statistics: \(loop.statistics())")
        display.finish()
        backend.stop()

        print(Summary.format(stand.status(), loop: loop.statistics(), elapsedSeconds: clock.now().nanoseconds(since: started)))
        if let simulation = backend.simulationSummary { print(simulation) }
        print(LinkSetup.summary(link.status()))
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
