#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real OS thread for the other end of a blocking exchange (a stand, a peer
/// in poll). Tests run on Swift's small cooperative pool; a task looping or
/// blocked there could starve the very test that waits for it.
public final class TestThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    #if canImport(Glibc)
    private var thread = pthread_t()
    #else
    private var thread: pthread_t?
    #endif
    private var joined = false

    public init(_ run: @escaping @Sendable () -> Void) throws {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            #if canImport(Glibc)
            guard let context else { return nil }
            #endif
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, body)
        guard created == 0 else {
            Unmanaged<Body>.fromOpaque(body).release()
            throw TestSetupError("pthread_create: errno \(created)")
        }
    }

    /// Starts `run` on a detached thread: nobody joins it, so nothing blocks
    /// waiting for it (for an async test that awaits the result instead).
    public static func detached(_ run: @escaping @Sendable () -> Void) throws {
        let thread = try TestThread(run)
        thread.joined = true
        #if canImport(Glibc)
        pthread_detach(thread.thread)
        #else
        if let handle = thread.thread { pthread_detach(handle) }
        #endif
    }

    public func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }

    deinit { join() }
}
