#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Hands one value from a new thread to the thread that spawned it, which blocks
/// until it arrives. A pthread mutex and condition variable, because the spawner
/// must sleep (not spin) while the new thread asks the kernel for privileges.
public final class StartupHandoff<Value: Sendable>: @unchecked Sendable {
    // Heap-allocated: pthread primitives must not move after init.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    // Guarded by `mutex`.
    private var value: Value?

    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    public func send(_ newValue: Value) {
        pthread_mutex_lock(mutex)
        value = newValue
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    public func receive() -> Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let value { return value }
            pthread_cond_wait(condition, mutex)
        }
    }
}
