public import SwivelPOSIX

extension HardwareError {
    /// A driver's thread could not start: the system is out of threads or memory.
    public static func threadNotStarted(_ name: String, _ error: Errno) -> HardwareError {
        HardwareError(.ioFailure, "could not start the \(name) thread (pthread_create: \(error))")
    }
}

extension POSIXThread {
    /// A driver's plain thread, its failure worded as a `HardwareError`.
    static func start(_ name: String, _ body: @escaping @Sendable () -> Void) throws(HardwareError) -> POSIXThread {
        do {
            return try POSIXThread.spawn(name: name, body)
        } catch {
            throw .threadNotStarted(name, error)
        }
    }
}
