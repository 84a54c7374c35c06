import Synchronization
import SwivelSync
import SwivelTestSupport
import Testing

/// PIMutex is the firmware's lock. Under `make sanitize` these contended runs
/// are the check that ThreadSanitizer sees it: a plain `Mutex` in their place
/// gets a data-race report on the guarded value (the kernel hands a contended
/// priority-inheriting futex over with no user-space atomic to pair), while
/// PIMutex, built with -DSWIVEL_TSAN, tells TSan about each critical section.
@Suite struct PIMutexTests {
    final class Shared: Sendable {
        struct Tally {
            var total = 0
            var perThread = [Int](repeating: 0, count: 3)
        }

        let tally = PIMutex(Tally())
    }

    @Test func threadsContendingForTheLockLoseNoUpdate() throws {
        let shared = Shared()
        let rounds = 20_000
        let threads = try (0..<3).map { index in
            try TestThread {
                for round in 0..<rounds {
                    if round.isMultiple(of: 2) {
                        shared.tally.withLock { tally in
                            tally.total += 1
                            tally.perThread[index] += 1
                        }
                    } else {
                        // The loop thread's way: try, and come back later.
                        var done = false
                        while !done {
                            done = shared.tally.withLockIfAvailable { tally -> Bool in
                                tally.total += 1
                                tally.perThread[index] += 1
                                return true
                            } ?? false
                        }
                    }
                }
            }
        }
        for thread in threads { thread.join() }
        let (total, perThread) = shared.tally.withLock { ($0.total, $0.perThread) }
        #expect(total == 3 * rounds)
        #expect(perThread == [rounds, rounds, rounds])
    }

    @Test func aHeldLockIsNotAvailableToAnotherThread() throws {
        let lock = PIMutex(0)
        let held = Atomic(false)
        let release = Atomic(false)
        let holder = try TestThread {
            lock.withLock { value in
                value = 1
                held.store(true, ordering: .releasing)
                while !release.load(ordering: .acquiring) {}
            }
        }
        while !held.load(ordering: .acquiring) {}
        let whileHeld: Int? = lock.withLockIfAvailable { $0 }
        #expect(whileHeld == nil)
        release.store(true, ordering: .releasing)
        holder.join()
        let afterwards: Int? = lock.withLockIfAvailable { $0 }
        #expect(afterwards == 1)
        let value: Int = lock.withLock { $0 }
        #expect(value == 1)
    }
}
