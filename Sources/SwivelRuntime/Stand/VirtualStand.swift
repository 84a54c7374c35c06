public import SwivelBoard
public import SwivelCore
public import SwivelHardware

/// A simulated stand run in virtual time: a manual clock stepped one period per
/// tick, so the whole runtime — drivers, encoders, physical model, controller —
/// runs as fast as the CPU allows and the same way every time. Tests and the
/// bench use it; the daemon runs the same `Stand` on the real-time loop instead.
public final class VirtualStand {
    public let clock: ManualClock
    public let simulation: SimulatedHardware
    public let stand: Stand
    /// The deadline of the next tick.
    public private(set) var deadline: MonotonicInstant

    /// - Parameter initialAngles: where the simulated axes really are at start (see `SimulatedHardware`).
    public init(board: Board, playDemo: Bool = false, initialAngles: [String: Double] = [:]) throws(StandSetupError) {
        // Any origin works; one second in keeps instants positive around it.
        deadline = MonotonicInstant(nanoseconds: 1_000_000_000)
        clock = ManualClock(startingAt: deadline)
        simulation = try SimulatedHardware(board: board, clock: clock, initialAngles: initialAngles)
        stand = try Stand(board: board, hardware: simulation.hardware, playDemo: playDemo)
    }

    public func tick() {
        clock.set(deadline)
        stand.tick(at: deadline)
        deadline = deadline.advanced(byNanoseconds: stand.periodNanoseconds)
    }

    public func run(seconds: Double) {
        let ticks = Int((seconds * 1e9 / Double(stand.periodNanoseconds)).rounded())
        for _ in 0..<ticks { tick() }
    }

    /// Ticks until `condition` holds on the published status; false after `timeoutSeconds`.
    @discardableResult
    public func run(until condition: (StandStatus) -> Bool, timeoutSeconds: Double) -> Bool {
        let ticks = Int((timeoutSeconds * 1e9 / Double(stand.periodNanoseconds)).rounded())
        for _ in 0..<ticks {
            tick()
            if condition(stand.status()) { return true }
        }
        return false
    }

    /// Posts `command`, runs the tick that applies it, and returns its reply.
    public func send(_ command: MotionCommand) throws(SwivelError) -> CommandReply {
        let ticket = try stand.mailbox.post(command)
        tick()
        guard let reply = stand.mailbox.takeReply(ticket) else {
            // The tick always answers what it drained; no reply means the lock was busy.
            throw SwivelError(.busy, .mailboxFull)
        }
        return try reply.get()
    }
}
