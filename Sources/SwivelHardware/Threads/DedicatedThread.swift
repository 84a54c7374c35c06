#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain pthread that runs one closure: for the loops that must never run
/// on the Swift concurrency pool (they sleep to deadlines or block on a bus).
/// `join()` waits for the closure to return; the owner tells it to stop first.
public final class DedicatedThread {
    private final class Body {
        let run: () -> Void
        init(run: @escaping () -> Void) { self.run = run }
    }

#if canImport(Glibc)
    private var handle: pthread_t = 0
#else
    private var handle: pthread_t?
#endif
    private var joined = false

    /// - Parameter name: what the thread is for, in the error when it cannot start.
    public init(name: String, _ run: @escaping () -> Void) throws(HardwareError) {
        let context = Unmanaged.passRetained(Body(run: run)).toOpaque()
        let result = pthread_create(&handle, nil, { context in
#if canImport(Glibc)
            guard let context else { return nil }
#endif
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            joined = true
            throw HardwareError(.ioFailure, "could not start the \(name) thread (pthread_create error \(result))")
        }
    }

    /// Waits for the closure to return; later calls return at once.
    public func join() {
        guard !joined else { return }
        joined = true
#if canImport(Glibc)
        _ = pthread_join(handle, nil)
#else
        if let handle { _ = pthread_join(handle, nil) }
#endif
    }
}
