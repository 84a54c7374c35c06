import SwivelPOSIX

/// A real OS thread for the other end of a blocking exchange (a stand, a peer
/// in poll). Tests run on Swift's small cooperative pool; a task looping or
/// blocked there could starve the very test that waits for it.
public final class TestThread {
    private let thread: POSIXThread

    public init(_ run: @escaping @Sendable () -> Void) throws {
        do {
            thread = try POSIXThread.spawn(run)
        } catch {
            throw TestSetupError("pthread_create: \(error)")
        }
    }

    /// Starts `run` on a detached thread: nobody joins it, so nothing blocks
    /// waiting for it (for an async test that awaits the result instead).
    public static func detached(_ run: @escaping @Sendable () -> Void) throws {
        do {
            try POSIXThread.detach(run)
        } catch {
            throw TestSetupError("pthread_create: \(error)")
        }
    }

    public func join() { thread.join() }

    deinit { join() }
}
