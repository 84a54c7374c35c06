#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock over a value, as `Synchronization.Mutex`, on a plain pthread mutex.
///
/// For test rigs shared between threads, because ThreadSanitizer sees this
/// one: on Linux `Mutex` hands a contended lock over in the kernel (a
/// priority-inheriting futex), with no atomic in user space for ThreadSanitizer
/// to pair, so every value it guards is reported as a data race once two
/// threads contend (`make sanitize`, docs/RELIABILITY.md). A pthread mutex is
/// intercepted and understood. Not for the firmware: its real-time paths want
/// `Mutex`'s priority inheritance.
///
/// The value lives behind a pointer, not in a stored property: ThreadSanitizer
/// checks a class property's exclusive accesses on their own, and pinned the
/// accesses to a zero-sized one (`TestMutex(())`) on the object itself, where
/// they looked unordered with the lock.
public final class TestMutex<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    public init(_ value: Value) {
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    public func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
