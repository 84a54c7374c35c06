#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelProtocol
import SwivelToolSupport

/// A well-behaved host beside 50 apps that each keep a few commands in
/// flight, as a real app does, and read every reply (issue 24 §4): unlike
/// link-load's flood, none of them over-commits, so none should hear `busy`
/// and the prober's HEARTBEAT should not wait behind them. The commands go
/// through the motion loop's mailbox (SET_ANGULAR_VELOCITY zero and STOP in
/// turn, after SET_SYSTEM_TRACKING off), so the round trips through the loop
/// are part of the load. Idle and loaded alternate, one daemon each.
struct LinkBusyBenchmark: Benchmark {
    let name = "link-busy"
    let summary = "a HEARTBEAT's round trip, alone and beside 50 sessions each keeping 4 loop commands in flight"

    static let sessions = 50
    static let window = 4
    static let rounds = 3
    static let load = FloodLoad(
        sessions: sessions, window: window, messages: [.setAngularVelocity(Vector3()), .stop],
        setup: .setSystemTracking(enabled: false))

    static func percent(_ share: Double?) -> String {
        share.map { Format.fixed($0 * 100, decimals: 0) + " %" } ?? "?"
    }

    func run(_ options: BenchOptions) throws(ToolFailure) -> BenchReport {
        let binary = options.binaryPath
        guard access(binary, X_OK) == 0 else {
            throw ToolFailure("--binary \(binary) is not an executable file; `make release` builds dist/swiveld")
        }
        var idle = Phase.Result(), loaded = Phase.Result()
        var perRound: [String] = []
        for round in 1...Self.rounds {
            let i = try Phase(binary: binary, board: options.boardPath, load: nil, seconds: options.loadSeconds).run()
            let l = try Phase(binary: binary, board: options.boardPath, load: Self.load, seconds: options.loadSeconds).run()
            let ip = Percentiles(i.roundTrips), lp = Percentiles(l.roundTrips)
            perRound.append("round \(round): p99 idle \(Format.microseconds(nanoseconds: ip.p99)), loaded "
                + "\(Format.microseconds(nanoseconds: lp.p99)), \(Format.fixed(Double(lp.p99) / Double(max(ip.p99, 1)), decimals: 2)) ×; "
                + "\(l.floodSent) sent, \(l.floodBusy) busy")
            idle.add(i)
            loaded.add(l)
        }
        let idleP = Percentiles(idle.roundTrips), loadedP = Percentiles(loaded.roundTrips)
        var table = ResultTable(columns: ["", "idle", "50 sessions × 4 in flight", "loaded / idle", "target"])
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
        table.add(["commands sent", "-", "\(loaded.floodSent)", "", ""])
        table.add(["  answered (ACK or ERR)", "-", "\(loaded.floodAnswered)", "", ""])
        table.add(["  of them ERR busy", "-", "\(loaded.floodBusy)", "", "0"])
        table.add(["  unanswered", "-", "\(loaded.floodSent - loaded.floodAnswered)", "", "0"])
        table.add(["loop wake p99 (worst daemon)", idle.wakeP99 ?? "?", loaded.wakeP99 ?? "?", "", ""])
        table.add(["loop overruns", "\(idle.overruns)", "\(loaded.overruns)", "", ""])
        for name in ["swivel-link", "swivel-rt"] {
            table.add(["\(name) thread CPU (worst daemon)", Self.percent(idle.threadShares[name]),
                       Self.percent(loaded.threadShares[name]), "", ""])
            table.add(["\(name) waiting for a CPU (worst)", Self.percent(idle.runQueueShares[name]),
                       Self.percent(loaded.runQueueShares[name]), "", ""])
        }
        table.add(["sessions closed or undocked", "\(idle.endings.count)", "\(loaded.endings.count)", "", "0"])
        let seconds = Format.fixed(options.loadSeconds, decimals: 1)
        return BenchReport(
            header: [
                "\(binary) --board \(options.boardPath) --no-demo --scene none, one daemon per phase, \(Self.rounds) × (idle, loaded), \(seconds) s each; the prober sends one HEARTBEAT, waits for its ACK, pauses 5 ms, and so on",
                "load: \(Self.sessions) docked sessions over the socket, each with system tracking off keeping \(Self.window) commands in flight (SET_ANGULAR_VELOCITY zero, STOP in turn: both through the loop's mailbox) and reading every reply",
            ],
            table: table,
            notes: perRound + (idle.endings + loaded.endings).prefix(3).map { "daemon: \($0)" } + [
                "The load generator runs in this process on the same cores as the daemon; its own CPU use is part of the load.",
            ])
    }
}
