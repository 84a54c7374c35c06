#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the real-time loop asks the kernel for. Validated at construction, so a
/// request that exists is one the kernel could grant.
public struct RealtimeRequest: Sendable, Equatable {
    /// `mlockall(MCL_CURRENT | MCL_FUTURE)`: no page fault can stall a tick.
    /// Process-wide.
    public let lockMemory: Bool
    /// SCHED_FIFO priority for the loop thread; nil keeps the normal scheduler.
    public let fifoPriority: Int32?
    /// Pin the loop thread to this CPU; nil lets the kernel choose.
    public let cpu: Int?

    /// Linux's SCHED_FIFO priority range.
    public static let fifoPriorityRange: ClosedRange<Int32> = 1...99

    /// Klipper's choice: locked memory and SCHED_FIFO at half the maximum priority,
    /// high enough to beat normal work, low enough to leave room for kernel
    /// threads (IRQ threads run at 50 on PREEMPT_RT) above it.
    public static let standard = RealtimeRequest(unchecked: true, fifoPriority: 49, cpu: nil)

    /// Ask for nothing: the loop runs as an ordinary thread.
    public static let none = RealtimeRequest(unchecked: false, fifoPriority: nil, cpu: nil)

    public init(lockMemory: Bool, fifoPriority: Int32?, cpu: Int?) throws(RealtimeLoopError) {
        if let fifoPriority, !Self.fifoPriorityRange.contains(fifoPriority) {
            throw RealtimeLoopError(
                .invalidPriority,
                "SCHED_FIFO priority \(fifoPriority) is outside \(Self.fifoPriorityRange.lowerBound)...\(Self.fifoPriorityRange.upperBound); 49 is the usual choice")
        }
        if let cpu {
            let available = Self.configuredCPUCount()
            guard cpu >= 0, cpu < available else {
                throw RealtimeLoopError(
                    .invalidCPU,
                    "CPU \(cpu) does not exist: this machine has CPUs 0...\(available - 1)")
            }
        }
        self.init(unchecked: lockMemory, fifoPriority: fifoPriority, cpu: cpu)
    }

    private init(unchecked lockMemory: Bool, fifoPriority: Int32?, cpu: Int?) {
        self.lockMemory = lockMemory
        self.fifoPriority = fifoPriority
        self.cpu = cpu
    }

    private static func configuredCPUCount() -> Int {
        let count = sysconf(Int32(_SC_NPROCESSORS_CONF))
        #if os(Linux)
        // cpu_set_t holds CPU_SETSIZE bits; a larger index cannot be expressed.
        return Swift.max(1, Swift.min(Int(count), 1024))
        #else
        return Swift.max(1, Int(count))
        #endif
    }
}

/// What happened to one part of a `RealtimeRequest`.
public enum PrivilegeOutcome: Sendable, Equatable {
    case notRequested
    case granted
    /// The kernel said no. `reason` is a sentence a maker can act on.
    case refused(errno: Int32, reason: String)
    /// This platform has no such mechanism (macOS development builds).
    case unsupported(reason: String)

    public var isGranted: Bool { self == .granted }

    /// The sentence to log, or nil when there is nothing to warn about.
    public var warning: String? {
        switch self {
        case .notRequested, .granted: nil
        case .refused(_, let reason), .unsupported(let reason): reason
        }
    }
}
