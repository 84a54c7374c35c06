import Synchronization

/// A clock that moves only when told to: the runtime and the simulated stand
/// run in virtual time on it, so tests run faster than real time and are
/// deterministic.
///
/// Sendable because a test thread may drive it while the loop thread reads
/// it; the reading is one atomic word.
public final class ManualClock: MonotonicClock, Sendable {
    private let nanoseconds: Atomic<Int64>

    public init(startingAt start: MonotonicInstant = .zero) {
        nanoseconds = Atomic(start.nanoseconds)
    }

    public func now() -> MonotonicInstant {
        MonotonicInstant(nanoseconds: nanoseconds.load(ordering: .acquiring))
    }

    /// Moves the clock to `instant`. A monotonic clock cannot go back, so an
    /// earlier instant leaves it where it is; the returned reading says where
    /// it ended up.
    @discardableResult
    public func set(_ instant: MonotonicInstant) -> MonotonicInstant {
        var current = nanoseconds.load(ordering: .relaxed)
        while current < instant.nanoseconds {
            let (exchanged, original) = nanoseconds.compareExchange(
                expected: current, desired: instant.nanoseconds,
                successOrdering: .acquiringAndReleasing, failureOrdering: .relaxed)
            if exchanged { return instant }
            current = original
        }
        return MonotonicInstant(nanoseconds: current)
    }

    /// Moves the clock forward by `delta`; a negative delta is treated as zero
    /// for the same reason `set` never goes back.
    @discardableResult
    public func advance(byNanoseconds delta: Int64) -> MonotonicInstant {
        guard delta > 0 else { return now() }
        let after = nanoseconds.add(delta, ordering: .acquiringAndReleasing).newValue
        return MonotonicInstant(nanoseconds: after)
    }
}
