#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached pthread for the link's I/O loop. The loop blocks in poll(2),
/// which must never happen on Swift's small cooperative pool (it would starve
/// the very tasks waiting for replies); FoundationEssentials has no Thread.
enum LinkThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping @Sendable () -> Void) throws(SwivelKitError) {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
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
            throw .transport("cannot start the link thread: pthread_create failed (errno \(created))")
        }
        // Nobody joins it: the loop ends by itself once asked to stop, and
        // `LinkClient.close()` awaits that end without blocking a thread.
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        if let thread { pthread_detach(thread) }
        #endif
    }
}
