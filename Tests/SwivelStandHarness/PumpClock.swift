package import SwivelPorts
import SwivelKit
import SwivelTestSupport

/// SwivelKit's link clock in these tests: a `StandPump`'s virtual time, run in
/// lockstep with the link thread that reads it.
///
/// Virtual time advances only while the link thread waits in poll(2), and never
/// past the deadline it waits for. At that deadline the pump sends what the
/// stand produced, wakes the link thread and holds time still until the link
/// thread has read it, done what was due and waits again. So a reply the stand
/// sent before a timeout is always read before the timeout is checked, and a
/// heartbeat due at t reaches the stand at t, however slowly a loaded machine
/// runs the pump, the link thread or the test. Without a link thread (before
/// one is attached, after it ended) time runs freely.
package final class PumpClock: LinkClock {
    private enum Host {
        /// No link thread on this clock: time runs freely.
        case absent
        /// The link thread is between two waits: time stands still.
        case busy
        /// The link thread waits for input or for `deadline`.
        case waiting(deadline: Duration, waker: PollWaker, woken: Bool)
    }

    private struct State {
        var ticks: Int64 = 0
        var host = Host.absent
    }

    /// One pump tick.
    package static let tick = Duration.milliseconds(1)

    private let state = TestMutex(State())

    package var now: Duration { Self.tick * state.withLock { $0.ticks } }

    package func wait(_ polls: inout PollSet, until deadline: Duration, waker: PollWaker) throws(PortError) {
        let due = state.withLock { state -> Bool in
            let due = Self.tick * state.ticks >= deadline
            state.host = due ? .busy : .waiting(deadline: deadline, waker: waker, woken: false)
            return due
        }
        defer { state.withLock { $0.host = .busy } }
        // Input, a command, or the pump at the deadline ends the wait; the
        // second's limit only makes the loop look again (time has not moved).
        _ = try polls.wait(timeoutMilliseconds: due ? 0 : 1000)
    }

    package func loopEnded() {
        state.withLock { $0.host = .absent }
    }

    // MARK: - The pump's side

    /// A link thread is about to start on this clock: time stands still until it first waits.
    package func attachHost() {
        state.withLock { $0.host = .busy }
    }

    /// Moves time on by one tick if the link thread lets it: it waits, and its deadline is still ahead.
    package func advance() -> Bool {
        state.withLock { state in
            switch state.host {
            case .absent:
                break
            case .busy:
                return false
            case .waiting(let deadline, _, _):
                guard Self.tick * state.ticks < deadline else { return false }
            }
            state.ticks += 1
            return true
        }
    }

    /// Wakes the link thread once time has reached its deadline. The pump calls
    /// it after sending what the stand produced up to then, so the link thread
    /// finds it already there.
    package func wakeHostIfDue() {
        state.withLock { state in
            guard case .waiting(let deadline, let waker, false) = state.host, Self.tick * state.ticks >= deadline else { return }
            state.host = .waiting(deadline: deadline, waker: waker, woken: true)
            waker.wake()
        }
    }
}
