#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelCore
import SwivelPOSIX
import SwivelPorts
import SwivelProtocol
import SwivelToolSupport

/// One soak run: the daemon, the checker's session, the agents, the probes.
final class Soak {
    let options: SoakOptions
    let seed: UInt64
    let board: Board
    let directory: String
    let daemon: DaemonProcess
    let observer: Observer
    let statistics = SoakStatistics()
    var agents: [Agent] = []
    var samples: [ProcessSample] = []
    var baselineDescriptors: Int?
    var endDescriptors: Int?
    var problems: [String] = []
    var ranSeconds = 0.0
    /// The soak's own longest loop turn: a long one makes arrival gaps the soak's, not the daemon's.
    var longestTurnNanoseconds: Int64 = 0
    var endedEarly = false
    /// What the sessions sent in the 2 s before the soak stopped (printed if the daemon crashed).
    var lastSent: [String] = []

    static let sampleInterval: Int64 = 1_000_000_000
    /// The checker alone before the sessions start: 100 idle heartbeats.
    static let idleNanoseconds: Int64 = 5_000_000_000

    init(options: SoakOptions, seed: UInt64) throws(ToolFailure) {
        self.options = options
        self.seed = seed
        do {
            board = try BoardLoader.load(contentsOf: options.boardPath)
        } catch {
            throw ToolFailure("the board \(options.boardPath): \(error)")
        }
        guard board.backend == .simulated else { throw ToolFailure("\(options.boardPath) is not a simulated board") }
        if let chosen = options.workDirectory {
            _ = mkdir(chosen, 0o700)
            directory = chosen
        } else {
            directory = try Files.makeTemporaryDirectory(prefix: "swivel-soak")
        }
        daemon = try DaemonProcess.start(binary: options.daemonPath, board: options.boardPath, directory: directory)
        let connection = try Self.waitForSocket(daemon)
        observer = Observer(connection: connection, checker: CapChecker(board: board))
        observer.statistics = statistics
    }

    var paths: SoakPaths { SoakPaths(socket: daemon.socketPath, serial: directory + "/host") }

    /// Up to 30 s for the daemon to build and open its socket.
    private static func waitForSocket(_ daemon: DaemonProcess) throws(ToolFailure) -> Connection {
        let started = MonotonicTime.nanoseconds()
        while MonotonicTime.nanoseconds() - started < 30_000_000_000 {
            if let ending = daemon.poll() {
                throw ToolFailure("swiveld \(ending) before it opened its socket:\n\(daemon.logTail(20))")
            }
            if access(daemon.socketPath, F_OK) == 0, let connection = try? Connection.socket(daemon.socketPath) {
                return connection
            }
            sleepNanoseconds(50_000_000)
        }
        _ = daemon.terminate(graceSeconds: 5)
        throw ToolFailure("swiveld opened no socket at \(daemon.socketPath) within 30 s:\n\(daemon.logTail(20))")
    }

    func run() -> Bool {
        let started = MonotonicTime.nanoseconds()
        let elapsed = { Double(MonotonicTime.nanoseconds() - started) / 1e9 }
        do {
            try observer.hello(now: started)
            while !observer.docked && elapsed() < 5 {
                try pollOnce(timeoutMilliseconds: 20)
            }
        } catch {
            problems.append("the checker's session could not dock: \(error)")
        }
        guard observer.docked else {
            problems.append("the checker's session got no IDENTITY within 5 s")
            return finish(started: started)
        }
        // The checker alone for a while: its idle HEARTBEAT round trips, and the
        // descriptors the end must return to.
        let idleUntil = MonotonicTime.nanoseconds() + Self.idleNanoseconds
        while MonotonicTime.nanoseconds() < idleUntil {
            do {
                try observer.act(now: MonotonicTime.nanoseconds())
                try pollOnce(timeoutMilliseconds: 5)
            } catch {
                problems.append("the checker's session failed while alone: \(error)")
                return finish(started: started)
            }
        }
        baselineDescriptors = ProcessSample.take(pid: daemon.pid, elapsedSeconds: 0)?.descriptors
        observer.loaded = true

        var master = SplitMix64(seed: seed)
        for index in 0..<options.sessions {
            let transport: Agent.Transport = index == 0 && options.allows(.serial) ? .serial : .socket
            let generator = TrafficGenerator(board: board, options: options, seed: master.next())
            agents.append(Agent(index: index, transport: transport, generator: generator, statistics: statistics))
        }
        // --seconds counts the sessions' time, after the checker's time alone.
        let end = MonotonicTime.nanoseconds() + Int64(options.seconds * 1e9)
        var nextSample = MonotonicTime.nanoseconds()
        var nextReport = started + 60_000_000_000
        var turnStarted = MonotonicTime.nanoseconds()
        while MonotonicTime.nanoseconds() < end {
            let now = MonotonicTime.nanoseconds()
            longestTurnNanoseconds = max(longestTurnNanoseconds, now - turnStarted)
            turnStarted = now
            if now >= nextSample {
                nextSample += Self.sampleInterval
                if let sample = ProcessSample.take(pid: daemon.pid, elapsedSeconds: elapsed()) { samples.append(sample) }
                if daemon.poll() != nil { break }
            }
            if now >= nextReport {
                nextReport += 60_000_000_000
                progress(elapsed())
            }
            for agent in agents {
                agent.act(now: now, paths: paths)
                agent.audit(now: now)
            }
            do {
                try observer.act(now: now)
                try pollOnce(timeoutMilliseconds: 2)
            } catch {
                problems.append("the checker's session failed: \(error)")
                break
            }
        }
        return finish(started: started)
    }

    /// One poll over every session; reads what is there.
    private func pollOnce(timeoutMilliseconds: Int32) throws(ToolFailure) {
        var set = PollSet()
        let observerIndex = set.add(observer.connection.fileDescriptor)
        let indices = agents.map { set.add($0.fileDescriptor) }
        _ = try wrap { try set.wait(timeoutMilliseconds: timeoutMilliseconds) }
        let now = MonotonicTime.nanoseconds()
        if set.isReadable(observerIndex) || set.hasHungUp(observerIndex) { try observer.receive(now: now) }
        for (agent, index) in zip(agents, indices) where set.isReadable(index) || set.hasHungUp(index) {
            agent.receive(now: now)
        }
    }

    private func progress(_ seconds: Double) {
        let sample = samples.last
        say("swivel-soak: \(Int(seconds)) s: \(observer.motionStates) MOTION_STATE checked, \(observer.checker.violations.count) cap violations, \(statistics.commandsSent) commands, \(statistics.unanswered) unanswered, RSS \(sample.map { "\($0.residentKiB) KiB" } ?? "?"), fds \(sample.map { String($0.descriptors) } ?? "?")")
    }

    /// Everyone leaves, the descriptors are counted, the daemon gets SIGTERM.
    private func finish(started: Int64) -> Bool {
        ranSeconds = Double(MonotonicTime.nanoseconds() - started) / 1e9
        let stoppedAt = MonotonicTime.nanoseconds()
        // A checker session that failed most likely means the daemon is dying: give it a moment to be reaped.
        var early = daemon.poll()
        while early == nil, !problems.isEmpty, MonotonicTime.nanoseconds() - stoppedAt < 2_000_000_000 {
            sleepNanoseconds(20_000_000)
            early = daemon.poll()
        }
        if let early {
            problems.insert("swiveld \(early) during the soak", at: 0)
            endedEarly = true
        }
        lastSent = statistics.noted(before: stoppedAt, window: 2_000_000_000)
        let now = MonotonicTime.nanoseconds()
        for agent in agents { agent.finish(now: now) }
        if early == nil {
            // Time for the daemon to close what the agents closed, while the checker keeps its session.
            let waitUntil = MonotonicTime.nanoseconds() + 1_500_000_000
            while MonotonicTime.nanoseconds() < waitUntil {
                try? observer.act(now: MonotonicTime.nanoseconds())
                try? pollOnce(timeoutMilliseconds: 10)
            }
            endDescriptors = ProcessSample.take(pid: daemon.pid, elapsedSeconds: ranSeconds)?.descriptors
            if let sample = ProcessSample.take(pid: daemon.pid, elapsedSeconds: ranSeconds) { samples.append(sample) }
        }
        statistics.undecodable += observer.connection.undecodable
        _ = try? observer.connection.send(.bye, now: MonotonicTime.nanoseconds())
        observer.connection.close()
        let termination = daemon.terminate(graceSeconds: 30)
        let report = SoakReport(soak: self, termination: termination)
        report.print()
        let passed = report.failures.isEmpty
        if passed && options.workDirectory == nil {
            Files.removeTree(directory)
        } else {
            say("swivel-soak: the daemon's log and the link paths are in \(directory)")
        }
        return passed
    }
}
