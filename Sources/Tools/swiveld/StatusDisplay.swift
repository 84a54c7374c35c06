import SwivelCore
import SwivelRuntime

/// The live status. On a terminal: one line redrawn in place, most important
/// first (`StatusLine`). Anywhere else (a file, a pipe, the journal under
/// systemd): a line when the state changes (what moves the stand, a fault,
/// hosts, tracking), at most one a second, and the whole line every
/// `summaryIntervalSeconds` whatever happens. A line a second, as before,
/// was 86,400 journal lines a day saying nothing new.
///
/// Everything goes through `Console`: nothing here waits on the output.
final class StatusDisplay {
    static let summaryIntervalSeconds: Int64 = 60
    static let changeIntervalNanoseconds: Int64 = 1_000_000_000

    let interactive: Bool
    private let console: Console
    private var printedState: String?
    private var printedAt: Int64?
    private var summaryAt: Int64?

    init(interactive: Bool, console: Console = .shared) {
        self.interactive = interactive
        self.console = console
    }

    /// - Parameters:
    ///   - state: the line's words without its numbers; a change of it is logged.
    ///   - now: MonotonicTime nanoseconds.
    func show(_ line: String, state: String, now: Int64) {
        if interactive {
            console.showStatus(line)
            return
        }
        let changed = state != printedState && printedAt.map { now - $0 >= Self.changeIntervalNanoseconds } ?? true
        let due = summaryAt.map { now - $0 >= Self.summaryIntervalSeconds * 1_000_000_000 } ?? true
        guard changed || due else { return }
        console.write(.output, line + "\n")
        printedState = state
        printedAt = now
        if due { summaryAt = now }
    }

    /// The last word: the final status on a line of its own.
    func finish(_ line: String) {
        if interactive {
            console.finishStatus(line)
        } else {
            console.write(.output, line + "\n")
        }
    }

    /// What the line says without its numbers: which motion, fault or phase,
    /// and the daemon's context segments (hosts and tracking).
    static func state(of status: StandStatus, context: [String]) -> String {
        var words: String
        if status.halted {
            words = "halted"
        } else if status.halting {
            words = "stopping"
        } else if let fault = status.fault {
            words = "fault \(fault) \(status.faultDisabled)"
        } else if let phase = status.demoPhase {
            words = phase.description
        } else {
            switch status.activeMotion {
            case .velocity(let v) where v == .zero: words = status.driversEnabled ? "holding" : "idle"
            case .velocity: words = "velocity"
            case .orientation(let id): words = "move \(id)"
            case .animation(let name, let id): words = "animate \(name) \(id)"
            case .homing: words = "homing"
            case .tracking: words = "tracking \(status.trackingPhase)"
            }
        }
        return ([words] + context).joined(separator: " | ")
    }
}
