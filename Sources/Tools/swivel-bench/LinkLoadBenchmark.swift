#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPOSIX
import SwivelPorts
import SwivelProtocol
import SwivelRuntime
import SwivelToolSupport
import Synchronization

/// One client must never starve the others (issue 10 §3), measured against the
/// built daemon on the simulated board: a well-behaved session sends HEARTBEAT,
/// waits for its ACK and times it, alone (idle) and beside 50 sessions that
/// flood the daemon with commands (loaded). Each phase runs its own daemon,
/// idle and loaded alternating, so a noisy moment on the shared machine hits
/// both; the daemons' own summaries give the loop's wake latency and overruns
/// under each.
struct LinkLoadBenchmark: Benchmark {
    let name = "link-load"
    let summary = "a well-behaved session's HEARTBEAT round trip, alone and beside 50 flooding sessions"

    static let floodingSessions = 50
    /// Commands each flooding session keeps in flight (it sends the next as each reply comes).
    static let window = 64
    static let rounds = 2
    static let load = FloodLoad(
        sessions: floodingSessions, window: window,
        messages: [.getState, .heartbeat, .stop, .setAngularVelocity(Vector3(yaw: 0.1))], setup: nil)

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let binary = options.binaryPath
        guard access(binary, X_OK) == 0 else {
            throw ToolFailure("--binary \(binary) is not an executable file; `make release` builds dist/swiveld")
        }
        var idle = Phase.Result(), loaded = Phase.Result()
        for _ in 0..<Self.rounds {
            idle.add(try Phase(binary: binary, board: options.boardPath, load: nil, seconds: options.loadSeconds).run())
            loaded.add(try Phase(
                binary: binary, board: options.boardPath, load: Self.load, seconds: options.loadSeconds).run())
        }
        let idleP = Percentiles(idle.roundTrips), loadedP = Percentiles(loaded.roundTrips)
        var table = ResultTable(columns: ["", "idle", "50 sessions flooding", "loaded / idle", "target"])
        table.add([
            "HEARTBEAT → ACK p50", Format.microseconds(nanoseconds: idleP.p50), Format.microseconds(nanoseconds: loadedP.p50),
            Format.fixed(Double(loadedP.p50) / Double(max(idleP.p50, 1)), decimals: 2), "",
        ])
        table.add([
            "HEARTBEAT → ACK p99", Format.microseconds(nanoseconds: idleP.p99), Format.microseconds(nanoseconds: loadedP.p99),
            Format.fixed(Double(loadedP.p99) / Double(max(idleP.p99, 1)), decimals: 2), "≤ 2.00",
        ])
        table.add([
            "HEARTBEAT → ACK max", Format.microseconds(nanoseconds: idle.roundTrips.max() ?? 0),
            Format.microseconds(nanoseconds: loaded.roundTrips.max() ?? 0), "", "",
        ])
        table.add(["round trips timed", "\(idle.roundTrips.count)", "\(loaded.roundTrips.count)", "", ""])
        table.add(["flooding commands sent", "-", "\(loaded.floodSent)", "", ""])
        table.add(["  answered (ACK or ERR)", "-", "\(loaded.floodAnswered)", "", ""])
        table.add(["  of them ERR busy", "-", "\(loaded.floodBusy)", "", ""])
        table.add(["  unanswered", "-", "\(loaded.floodSent - loaded.floodAnswered)", "", "0"])
        table.add(["loop wake p99 (worst daemon)", idle.wakeP99 ?? "?", loaded.wakeP99 ?? "?", "", ""])
        table.add(["loop overruns", "\(idle.overruns)", "\(loaded.overruns)", "", ""])
        table.add(["sessions closed or undocked", "\(idle.endings.count)", "\(loaded.endings.count)", "", "0"])
        let seconds = Format.fixed(options.loadSeconds, decimals: 1)
        return BenchReport(
            header: [
                "\(binary) --board \(options.boardPath) --no-demo --scene none, one daemon per phase, \(Self.rounds) × (idle, loaded), \(seconds) s each; the well-behaved session sends one HEARTBEAT, waits for its ACK, pauses 5 ms, and so on",
                "load: \(Self.floodingSessions) docked sessions over the socket, each keeping \(Self.window) commands in flight (GET_STATE, HEARTBEAT, STOP, SET_ANGULAR_VELOCITY in turn) and reading every reply",
            ],
            table: table,
            notes: (idle.endings + loaded.endings).prefix(3).map { "daemon: \($0)" } + [
                "A reply counts as answered when an ACK or ERR with its sequence number arrives; ERR busy means the motion loop's mailbox had no room (STOP) and is an answer.",
                "The load generator runs in this process on the same 2 cores as the daemon; its own CPU use is part of the load.",
            ])
    }
}

/// What the loaded phase runs beside the timed session: `sessions` docked
/// sessions, each keeping `window` commands in flight, `messages` in turn,
/// after `setup` (sent once, its reply awaited).
struct FloodLoad {
    var sessions: Int
    var window: Int
    var messages: [HostMessage]
    var setup: HostMessage?
}

/// One daemon, one well-behaved session timing HEARTBEATs, and optionally the flood.
struct Phase {
    let binary: String
    let board: String
    let load: FloodLoad?
    let seconds: Double

    struct Result {
        var roundTrips: [Int64] = []
        var floodSent = 0
        var floodAnswered = 0
        var floodBusy = 0
        var overruns = 0
        var wakeP99: String?
        /// The daemon's log lines about sessions it closed or undocked: there should be none.
        var endings: [String] = []
        /// Each daemon thread's share of a CPU while the round trips were timed, the worst phase's.
        var threadShares: [String: Double] = [:]
        /// Each daemon thread's share of the time runnable but waiting for a CPU, the worst phase's.
        var runQueueShares: [String: Double] = [:]

        mutating func add(_ other: Result) {
            threadShares.merge(other.threadShares) { max($0, $1) }
            runQueueShares.merge(other.runQueueShares) { max($0, $1) }
            roundTrips += other.roundTrips
            floodSent += other.floodSent
            floodAnswered += other.floodAnswered
            floodBusy += other.floodBusy
            overruns += other.overruns
            endings += other.endings
            // Keep the worse one: the figure is a ceiling, not an average.
            if wakeP99 == nil || (other.wakeP99.flatMap(Self.microseconds) ?? 0) > (wakeP99.flatMap(Self.microseconds) ?? 0) {
                wakeP99 = other.wakeP99
            }
        }

        static func microseconds(_ text: String) -> Double? {
            let number = Double(text.prefix { "0123456789.".contains($0) })
            if text.hasSuffix("ms") { return number.map { $0 * 1000 } }
            if text.hasSuffix("µs") { return number }
            if text.hasSuffix("ns") { return number.map { $0 / 1000 } }
            return number.map { $0 * 1e6 }
        }
    }

    func run() throws(ToolFailure) -> Result {
        let daemon = try BenchDaemon(binary: binary, board: board)
        defer { daemon.kill() }
        let timer = try HeartbeatTimer(socket: daemon.socketPath)
        let flood = try load.map { load throws(ToolFailure) in try Flood(socket: daemon.socketPath, load: load) }
        // Let the flood reach its steady state before timing.
        if let flood {
            flood.start()
            sleep(seconds: 0.5)
        }
        let cpuBefore = ThreadCPU.seconds(of: daemon.pid), start = MonotonicTime.nanoseconds()
        let waitBefore = ThreadCPU.runQueueWaitNanoseconds(of: daemon.pid)
        let roundTrips = try timer.runOnOwnThread(seconds: seconds)
        var result = Result(roundTrips: roundTrips)
        result.threadShares = ThreadCPU.shares(
            before: cpuBefore, after: ThreadCPU.seconds(of: daemon.pid), seconds: Double(MonotonicTime.nanoseconds() - start) / 1e9)
        // Nanoseconds waited per second timed = the share of the time it waited for a CPU.
        result.runQueueShares = ThreadCPU.shares(
            before: waitBefore, after: ThreadCPU.runQueueWaitNanoseconds(of: daemon.pid),
            seconds: Double(MonotonicTime.nanoseconds() - start))
        if let flood {
            let counts = flood.stop()
            result.floodSent = counts.sent
            result.floodAnswered = counts.answered
            result.floodBusy = counts.busy
        }
        let summary = try daemon.stop()
        result.overruns = Self.count(before: " overrun", in: summary) ?? 0
        result.wakeP99 = Self.word(after: "wake latency p50 ", skipping: 2, in: summary)
        // The bench closing its own sessions at the end is not one.
        result.endings = summary.split(separator: "\n")
            .filter { ($0.contains("closed:") || $0.contains("undocked")) && !$0.hasSuffix("the link closed") }.map(String.init)
        return result
    }

    /// "… 3 overruns (…" → 3.
    static func count(before marker: String, in text: String) -> Int? {
        guard let range = text.firstRange(of: marker) else { return nil }
        return Int(text[..<range.lowerBound].split(separator: " ").last ?? "")
    }

    /// "wake latency p50 12µs p99 40µs max …" with skipping 2 → "40µs".
    static func word(after marker: String, skipping: Int, in text: String) -> String? {
        guard let range = text.firstRange(of: marker) else { return nil }
        let words = text[range.upperBound...].split(separator: " ")
        guard words.count > skipping else { return nil }
        return String(words[skipping].prefix { $0 != "\n" })
    }
}

/// The built daemon with private endpoints, its output in a file.
private final class BenchDaemon {
    let pid: pid_t
    let socketPath: String
    let logPath: String
    private var reaped = false

    init(binary: String, board: String) throws(ToolFailure) {
        let base = "/tmp/swivel-bench-load-\(getpid())"
        socketPath = base + ".sock"
        logPath = base + ".log"
        let arguments = [
            "--board", board, "--no-demo", "--scene", "none", "--socket", socketPath,
            "--pty-link", base + "-host", "--vision-link", base + "-vision",
        ]
        do throws(Errno) {
            pid = try ChildProcess.spawn(binary, arguments: arguments, redirections: .intoLog(logPath, mode: 0o600))
        } catch {
            throw ToolFailure("cannot start \(binary): \(Subprocess.describeErrno(error.code))")
        }
        // Ready once the socket answers.
        let end = MonotonicTime.nanoseconds() + 10_000_000_000
        while MonotonicTime.nanoseconds() < end {
            if let probe = try? UnixSocket.connect(path: socketPath) {
                probe.close()
                return
            }
            sleep(seconds: 0.02)
        }
        kill()
        throw ToolFailure("\(binary) did not open \(socketPath) within 10 s:\n\(Self.read(logPath))")
    }

    /// SIGTERM, wait, and its output (the exit summary).
    func stop() throws(ToolFailure) -> String {
        signalProcess(pid, SIGTERM)
        let status = reap()
        let output = Self.read(logPath)
        unlink(logPath)
        guard status == 0 else { throw ToolFailure("swiveld exited with status \(status):\n\(output)") }
        return output
    }

    func kill() {
        guard !reaped else { return }
        signalProcess(pid, SIGKILL)
        _ = reap()
        unlink(logPath)
    }

    private func reap() -> Int32 {
        // Fails only for a child reaped already, whose status is gone: taken as 0.
        let status = (try? ChildWait.reap(pid)) ?? 0
        reaped = true
        return status
    }

    static func read(_ path: String) -> String {
        (try? SmallFile.read(path, maximumBytes: .max))?.text ?? ""
    }
}

/// kill(2), under a name the daemon wrapper's `kill()` does not shadow.
private func signalProcess(_ pid: pid_t, _ signal: Int32) {
    _ = kill(pid, signal)
}

/// A docked session over the socket, for the timer and the flood.
private final class BenchSession {
    let channel: FileChannel
    var decoder = FrameDecoder()

    init(socket: String, name: String) throws(ToolFailure) {
        var connected: FileChannel?
        var lastError: PortError?
        // The listen queue may be full for a moment while 50 sessions connect at once.
        for _ in 0..<500 where connected == nil {
            switch Result(catching: { () throws(PortError) in try UnixSocket.connect(path: socket) }) {
            case .success(let channel): connected = channel
            case .failure(let error):
                lastError = error
                sleep(seconds: 0.002)
            }
        }
        guard let connected else { throw ToolFailure("cannot connect to \(socket): \(lastError.map { "\($0)" } ?? "?")") }
        channel = connected
        do {
            try channel.write(all: WireFrame.encode(.hello(Hello(clientName: name)), sequence: 1), timeoutMilliseconds: 1000)
        } catch {
            throw ToolFailure("cannot send HELLO to \(socket): \(error)")
        }
        guard (try? awaitReply(1, seconds: 2)) == true else { throw ToolFailure("no IDENTITY for \(name)") }
    }

    /// Reads until the reply to `sequence` arrives; telemetry is skipped.
    func awaitReply(_ sequence: UInt16, seconds: Double) throws(PortError) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let end = MonotonicTime.nanoseconds() + Int64(seconds * 1e9)
        var found = false
        while !found && MonotonicTime.nanoseconds() < end {
            var poll = PollSet()
            _ = poll.add(channel.fileDescriptor)
            _ = try poll.wait(timeoutMilliseconds: 50)
            let count = try channel.read(into: &buffer)
            decoder.feed(buffer[0..<count]) { frame in
                if frame.header.sequence == sequence, frame.header.messageID < MessageID.setAngularVelocity.rawValue {
                    found = true
                }
            }
        }
        return found
    }
}

/// The well-behaved session: one HEARTBEAT at a time, timed from write to ACK.
private final class HeartbeatTimer: @unchecked Sendable {
    let session: BenchSession
    /// Between a reply and the next HEARTBEAT: about 200 commands a second,
    /// more than any app sends (SwivelKit: 4 heartbeats and at most a few
    /// dozen commands a second).
    static let intervalSeconds = 0.005

    init(socket: String) throws(ToolFailure) {
        session = try BenchSession(socket: socket, name: "well-behaved")
    }

    /// On a thread of its own at SCHED_FIFO 10 (below the daemon's loop at 49)
    /// when the kernel grants it: what is timed is the daemon's answer, not
    /// how long this process waited for a CPU beside its own flood thread.
    func runOnOwnThread(seconds: Double) throws(ToolFailure) -> [Int64] {
        let outcome = Mutex<Result<[Int64], ToolFailure>>(.success([]))
        let request = (try? RealtimeRequest(lockMemory: false, fifoPriority: 10, cpu: nil)) ?? .none
        do {
            let (thread, privileges) = try POSIXThread.spawn(name: "bench-timer", request: request) { [self] in
                let result = Result { () throws(ToolFailure) in try run(seconds: seconds) }
                outcome.withLock { $0 = result }
            }
            granted = privileges.fifoGranted
            thread.join()
        } catch {
            throw ToolFailure("cannot start the timing thread: \(error)")
        }
        return try outcome.withLock { $0 }.get()
    }

    /// Whether the timing thread ran at SCHED_FIFO.
    private(set) var granted = false

    func run(seconds: Double) throws(ToolFailure) -> [Int64] {
        var samples: [Int64] = []
        var sequence: UInt16 = 1
        let end = MonotonicTime.nanoseconds() + Int64(seconds * 1e9)
        while MonotonicTime.nanoseconds() < end {
            sequence = sequence == UInt16.max ? 2 : sequence + 1
            let frame = WireFrame.encode(.heartbeat, sequence: sequence)
            let start = MonotonicTime.nanoseconds()
            do {
                try session.channel.write(all: frame, timeoutMilliseconds: 1000)
                guard try session.awaitReply(sequence, seconds: 2) else {
                    throw ToolFailure("the well-behaved session had no reply to a HEARTBEAT within 2 s")
                }
            } catch let failure as ToolFailure {
                throw failure
            } catch {
                throw ToolFailure("the well-behaved session failed: \(error)")
            }
            samples.append(MonotonicTime.nanoseconds() - start)
            sleep(seconds: Self.intervalSeconds)
        }
        return samples
    }
}

/// 50 sessions on one thread, each keeping `window` commands in flight.
private final class Flood: @unchecked Sendable {
    struct Counts { var sent = 0, answered = 0, busy = 0 }

    private let sessions: [BenchSession]
    private let load: FloodLoad
    private let stopping = Atomic(false)
    private var thread: POSIXThread?
    private var counts = Counts()

    init(socket: String, load: FloodLoad) throws(ToolFailure) {
        var sessions: [BenchSession] = []
        for index in 0..<load.sessions {
            let session = try BenchSession(socket: socket, name: "flood \(index)")
            if let setup = load.setup {
                do {
                    try session.channel.write(all: WireFrame.encode(setup, sequence: 2), timeoutMilliseconds: 1000)
                    guard try session.awaitReply(2, seconds: 2) else { throw ToolFailure("no reply to \(setup) for flood \(index)") }
                } catch let failure as ToolFailure {
                    throw failure
                } catch {
                    throw ToolFailure("flood \(index) failed: \(error)")
                }
            }
            sessions.append(session)
        }
        self.sessions = sessions
        self.load = load
    }

    func start() {
        thread = try? POSIXThread.spawn(name: "bench-flood", stackBytes: 512 * 1024) { [self] in run() }
    }

    func stop() -> Counts {
        stopping.store(true, ordering: .releasing)
        thread?.join()
        return counts
    }

    private func run() {
        let messages = load.messages
        var inFlight = [Int](repeating: 0, count: sessions.count)
        var next = [UInt16](repeating: 100, count: sessions.count)
        var outgoing = sessions.map { _ in [UInt8]() }
        var outstanding = sessions.map { _ in Set<UInt16>() }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var draining = false
        var drainEnd: Int64 = 0
        while true {
            if !draining && stopping.load(ordering: .acquiring) {
                // Stop sending; give the replies in flight a second to arrive.
                draining = true
                drainEnd = MonotonicTime.nanoseconds() + 1_000_000_000
            }
            if draining && (MonotonicTime.nanoseconds() > drainEnd || outstanding.allSatisfy(\.isEmpty)) { break }
            var poll = PollSet()
            for (index, session) in sessions.enumerated() {
                _ = poll.add(session.channel.fileDescriptor, readable: true, writable: !outgoing[index].isEmpty)
            }
            _ = try? poll.wait(timeoutMilliseconds: 5)
            for (index, session) in sessions.enumerated() {
                while !draining && inFlight[index] < load.window {
                    next[index] = next[index] == UInt16.max ? 100 : next[index] + 1
                    let sequence = next[index]
                    outgoing[index] += WireFrame.encode(messages[Int(sequence) % messages.count], sequence: sequence)
                    outstanding[index].insert(sequence)
                    inFlight[index] += 1
                    counts.sent += 1
                }
                if !outgoing[index].isEmpty, let written = try? outgoing[index].withUnsafeBytes({ try session.channel.writeAvailable([$0]) }) {
                    outgoing[index].removeFirst(written)
                }
                guard let count = try? session.channel.read(into: &buffer), count > 0 else { continue }
                session.decoder.feed(buffer[0..<count]) { frame in
                    let id = frame.header.messageID
                    guard id == MessageID.ack.rawValue || id == MessageID.error.rawValue,
                        outstanding[index].remove(frame.header.sequence) != nil
                    else { return }
                    inFlight[index] -= 1
                    counts.answered += 1
                    if id == MessageID.error.rawValue,
                        case .error(let error)? = try? AccessoryMessage.decode(messageID: id, payload: frame.payloadBytes()),
                        error.code == .busy
                    {
                        counts.busy += 1
                    }
                }
            }
        }
    }
}
