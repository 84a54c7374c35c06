public import SwivelPOSIX
import Synchronization

/// The time source of the runtime. The real-time loop, the drivers and the
/// simulated stand all read time from one of these, never from the system
/// directly, so a test can run the whole runtime in virtual time.
public protocol MonotonicClock: AnyObject {
    func now() -> MonotonicInstant
}

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

/// The system's monotonic clock (`MonotonicTime`, CLOCK_MONOTONIC) as a
/// `MonotonicClock`: what `make run` and the hardware executors use. Same
/// integer-nanosecond instants as the kernel's GPIO edge timestamps, which
/// are CLOCK_MONOTONIC by default.
public final class SystemMonotonicClock: MonotonicClock, Sendable {
    public init() {}

    @inlinable
    public func now() -> MonotonicInstant {
        MonotonicInstant(nanoseconds: MonotonicTime.nanoseconds())
    }

    /// True when `clock` reads CLOCK_MONOTONIC: its reading must fall between two
    /// readings of CLOCK_MONOTONIC taken around it, whatever preempts us between
    /// the three reads. A virtual clock or another system clock (CLOCK_MONOTONIC_RAW
    /// drifts from it under NTP) fails this unless it agrees to the nanosecond.
    public static func isSystemMonotonic(_ clock: any MonotonicClock) -> Bool {
        let before = MonotonicTime.nanoseconds()
        let reading = clock.now().nanoseconds
        let after = MonotonicTime.nanoseconds()
        return before <= reading && reading <= after
    }
}
