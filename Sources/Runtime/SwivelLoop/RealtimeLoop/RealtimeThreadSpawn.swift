public import SwivelPOSIX

extension POSIXThread {
    /// Starts `body` on a thread that first applies `request` to itself, and
    /// returns once it has, with what the kernel granted. Memory locking, if
    /// requested, is done here by the spawning thread (it is process-wide);
    /// the new thread then touches its own stack so its ticks do not fault.
    /// - Parameter stackBytes: `mlockall` makes a thread's whole stack
    ///   resident, and the default is 8 MiB; a tick needs a few KiB.
    public static func spawn(
        name: String, request: RealtimeRequest, stackBytes: Int = 512 * 1024,
        _ body: @escaping @Sendable () -> Void
    ) throws(RealtimeLoopError) -> (thread: POSIXThread, privileges: RealtimePrivileges) {
        let memoryLock = request.lockMemory ? RealtimePrivileges.lockMemory() : .notRequested
        let thread: POSIXThread
        do {
            thread = try spawn(name: name, scheduling: request.scheduling, stackBytes: stackBytes, body)
        } catch {
            throw RealtimeLoopError(
                .threadSpawnFailed,
                "could not start thread \(name) (\(RealtimePrivileges.errnoDescription(error.code))); the system is out of threads or memory")
        }
        let granted = RealtimePrivileges.outcomes(of: thread.granted, for: request)
        return (thread, RealtimePrivileges(memoryLock: memoryLock, fifo: granted.fifo, affinity: granted.affinity))
    }
}

extension RealtimeRequest {
    /// The calling thread's part of the request.
    var scheduling: POSIXThread.Scheduling {
        #if os(Linux)
        // Memory is locked as it is touched: touch the stack before the first tick.
        let lockedStackBytes: Int? = lockMemory ? 256 * 1024 : nil
        #else
        let lockedStackBytes: Int? = nil
        #endif
        return POSIXThread.Scheduling(fifoPriority: fifoPriority, cpu: cpu, lockedStackBytes: lockedStackBytes)
    }
}
