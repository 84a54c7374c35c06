#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// What the kernel granted of a `RealtimeRequest`. Nothing here prints: the caller
/// logs `warning` once.
public struct RealtimePrivileges: Sendable, Equatable {
    public var memoryLock: PrivilegeOutcome
    public var fifo: PrivilegeOutcome
    public var affinity: PrivilegeOutcome

    public init(memoryLock: PrivilegeOutcome, fifo: PrivilegeOutcome, affinity: PrivilegeOutcome) {
        self.memoryLock = memoryLock
        self.fifo = fifo
        self.affinity = affinity
    }

    public static let nothingRequested = RealtimePrivileges(
        memoryLock: .notRequested, fifo: .notRequested, affinity: .notRequested)

    public var fifoGranted: Bool { fifo.isGranted }
    public var memoryLocked: Bool { memoryLock.isGranted }

    /// One paragraph covering everything that was asked for and not granted; nil
    /// when all of it was.
    public var warning: String? {
        let reasons = [memoryLock, fifo, affinity].compactMap(\.warning)
        guard !reasons.isEmpty else { return nil }
        return "Real-time setup incomplete, the control loop will jitter more: " + reasons.joined(separator: " ")
    }

    /// Asks for everything in `request`: memory locking for the whole process, and
    /// the scheduling policy and affinity for the CALLING thread.
    public static func acquire(_ request: RealtimeRequest) -> RealtimePrivileges {
        let memoryLock = request.lockMemory ? lockMemory() : .notRequested
        let thread = applyThreadPolicy(request)
        return RealtimePrivileges(memoryLock: memoryLock, fifo: thread.fifo, affinity: thread.affinity)
    }

    /// `mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT)` (plain
    /// `MCL_CURRENT | MCL_FUTURE` on a kernel older than 4.4), then the
    /// executable read ahead into the page cache. Idempotent. See
    /// `MemoryLockPolicy` for why pages are locked as they are touched.
    public static func lockMemory() -> PrivilegeOutcome {
        #if os(Linux)
        if MemoryLockPolicy.lockAll() == 0 {
            MemoryLockPolicy.readAheadExecutable()
            return .granted
        }
        let code = errno
        return .refused(errno: code, reason: memoryLockAdvice(errno: code))
        #else
        return .unsupported(reason: "Memory locking is not used on this platform; page faults may stall the loop.")
        #endif
    }

    /// Undoes `lockMemory` (for tests and tools that locked memory only to try).
    public static func unlockMemory() {
        #if os(Linux)
        _ = munlockall()
        #endif
    }

    /// SCHED_FIFO and CPU affinity for the calling thread, as requested.
    public static func applyThreadPolicy(_ request: RealtimeRequest) -> (fifo: PrivilegeOutcome, affinity: PrivilegeOutcome) {
        let grant = POSIXThread.applyToCurrent(POSIXThread.Scheduling(fifoPriority: request.fifoPriority, cpu: request.cpu))
        return outcomes(of: grant, for: request)
    }

    /// What the kernel granted, with the advice a maker needs for what it refused.
    static func outcomes(of grant: POSIXThread.Grant, for request: RealtimeRequest) -> (fifo: PrivilegeOutcome, affinity: PrivilegeOutcome) {
        let priority = request.fifoPriority ?? 0
        let cpu = request.cpu ?? 0
        let fifo: PrivilegeOutcome =
            switch grant.fifo {
            case .notRequested: .notRequested
            case .granted: .granted
            case .refused(let error): .refused(errno: error.code, reason: fifoAdvice(errno: error.code, priority: priority))
            case .unsupported: .unsupported(reason: "SCHED_FIFO is not used on this platform; the loop runs under the normal scheduler.")
            }
        let affinity: PrivilegeOutcome =
            switch grant.affinity {
            case .notRequested: .notRequested
            case .granted: .granted
            case .refused(let error): .refused(errno: error.code, reason: affinityAdvice(errno: error.code, cpu: cpu))
            case .unsupported: .unsupported(reason: "CPU pinning is not used on this platform; CPU \(cpu) was ignored.")
            }
        return (fifo, affinity)
    }

    static func memoryLockAdvice(errno code: Int32) -> String {
        switch code {
        case EPERM:
            "mlockall not permitted (EPERM): run as root, or give the service LimitMEMLOCK=infinity (or CAP_IPC_LOCK); page faults may stall the loop."
        case ENOMEM:
            "mlockall failed (ENOMEM): the locked-memory limit is smaller than the process; give the service LimitMEMLOCK=infinity (or CAP_IPC_LOCK), or run as root."
        default:
            "mlockall failed (\(errnoDescription(code))); page faults may stall the loop."
        }
    }

    static func fifoAdvice(errno code: Int32, priority: Int32) -> String {
        switch code {
        case EPERM:
            "SCHED_FIFO priority \(priority) not permitted (EPERM): run as root, or give the service LimitRTPRIO=\(priority) (or CAP_SYS_NICE); the loop runs under the normal scheduler."
        default:
            "SCHED_FIFO priority \(priority) refused (\(errnoDescription(code))); the loop runs under the normal scheduler."
        }
    }

    static func affinityAdvice(errno code: Int32, cpu: Int) -> String {
        switch code {
        case EINVAL:
            "Pinning to CPU \(cpu) refused (EINVAL): that CPU is offline or outside this process's cpuset; pick one from Cpus_allowed_list in /proc/self/status."
        case EPERM:
            "Pinning to CPU \(cpu) not permitted (EPERM): run as root or give the service CAP_SYS_NICE; the loop may migrate between CPUs."
        default:
            "Pinning to CPU \(cpu) refused (\(errnoDescription(code))); the loop may migrate between CPUs."
        }
    }

    static func errnoDescription(_ code: Int32) -> String {
        let name: String =
            switch code {
            case EPERM: "EPERM"
            case ENOMEM: "ENOMEM"
            case EINVAL: "EINVAL"
            case EAGAIN: "EAGAIN"
            case ESRCH: "ESRCH"
            default: "errno \(code)"
            }
        guard let text = strerror(code) else { return name }
        return "\(name), \(String(cString: text))"
    }
}
