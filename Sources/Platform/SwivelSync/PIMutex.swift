public import Synchronization

/// A value shared between threads behind `Synchronization.Mutex`, the
/// firmware's lock: on Linux a priority-inheriting futex, so a tick of the
/// SCHED_FIFO loop that meets a lock held by a low-priority thread lends that
/// thread its priority instead of waiting behind whatever preempts it.
///
/// Why a wrapper: ThreadSanitizer cannot see that lock once it is contended.
/// The kernel then hands it over (FUTEX_LOCK_PI / FUTEX_UNLOCK_PI) with no
/// atomic in user space for TSan to pair, and every value it guards is
/// reported as a race. Built with `-Xswiftc -DSWIVEL_TSAN` (only `make
/// sanitize` does: the annotations exist only in a ThreadSanitizer runtime),
/// each critical section also tells TSan it acquires and releases the lock.
/// Otherwise this is the Mutex itself, with nothing added.
public struct PIMutex<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    // @unchecked: Mutex is Sendable; the TSan token is only an address.
    // Inlinable throughout, so a tick locks exactly as with Mutex itself:
    // specialized, no generic call across the module boundary.
    @usableFromInline let mutex: Mutex<Value>
    #if SWIVEL_TSAN
    /// The address ThreadSanitizer knows this lock by: the Mutex's own
    /// storage is not addressable from here, so one byte of our own.
    @usableFromInline let token = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    #endif

    @inlinable
    public init(_ initialValue: consuming sending Value) {
        mutex = Mutex(initialValue)
    }

    #if SWIVEL_TSAN
    deinit { token.deallocate() }
    #endif

    @inlinable
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            #if SWIVEL_TSAN
            tsanAcquire(token)
            defer { tsanRelease(token) }
            #endif
            return try body(&value)
        }
    }

    /// Runs `body` only if the lock is free now; nil if another thread holds
    /// it. What the loop thread uses: it never waits on a lock.
    @inlinable
    public borrowing func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? {
        try mutex.withLockIfAvailable { (value: inout sending Value) throws(E) -> sending Result in
            #if SWIVEL_TSAN
            tsanAcquire(token)
            defer { tsanRelease(token) }
            #endif
            return try body(&value)
        }
    }
}

#if SWIVEL_TSAN
// From the ThreadSanitizer runtime (sanitizer/tsan_interface.h).
@usableFromInline @_silgen_name("__tsan_acquire")
func tsanAcquire(_ address: UnsafeMutableRawPointer)

@usableFromInline @_silgen_name("__tsan_release")
func tsanRelease(_ address: UnsafeMutableRawPointer)
#endif
