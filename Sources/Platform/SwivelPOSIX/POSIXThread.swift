#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CSwivelPOSIX
import SwivelSync

/// A pthread, for everything that must not run on Swift's small cooperative
/// pool: the real-time loop, the step thread, the link's poll loop, buses
/// and samplers sleeping to deadlines, the signal waiter. Foundation's Thread
/// cannot set a scheduling policy (and the firmware links no Foundation).
///
/// The scheduling policy is applied from inside the new thread, before its
/// body (as Klipper does for its main thread), so what `granted` reports is
/// exactly what the running body has.
public final class POSIXThread: Sendable {
    /// What the new thread asks for itself. Memory locking for the whole
    /// process is not here: it is process-wide, the caller's business.
    public struct Scheduling: Sendable, Equatable {
        /// SCHED_FIFO at this priority.
        public var fifoPriority: Int32?
        /// Pinned to this CPU.
        public var cpu: Int?
        /// Faults in and locks this much of the top of the stack, so under
        /// `mlockall(MCL_ONFAULT)` the body's first deep call does not fault.
        public var lockedStackBytes: Int?

        public init(fifoPriority: Int32? = nil, cpu: Int? = nil, lockedStackBytes: Int? = nil) {
            self.fifoPriority = fifoPriority
            self.cpu = cpu
            self.lockedStackBytes = lockedStackBytes
        }

        public static let normal = Scheduling()
    }

    /// What became of one part of a `Scheduling`.
    public enum Outcome: Sendable, Equatable {
        case notRequested
        case granted
        case refused(Errno)
        /// The platform has no such mechanism (macOS development builds).
        case unsupported
    }

    public struct Grant: Sendable, Equatable {
        public var fifo: Outcome
        public var affinity: Outcome

        public static let nothingRequested = Grant(fifo: .notRequested, affinity: .notRequested)
    }

    /// What the kernel granted of the thread's `Scheduling`.
    public let granted: Grant

    private let handle: Handle
    // Held across pthread_join, so a second joiner waits for the first to
    // finish instead of returning while the thread still runs.
    private let joined = PIMutex(false)

    /// Starts `body` on a new thread and returns once the thread has applied
    /// `scheduling` (before `body` has necessarily run).
    /// - Parameters:
    ///   - name: shows in `top -H` and `ps -L`; Linux keeps its first 15 bytes.
    ///   - stackBytes: nil for the system's default (8 MiB, all of it made
    ///     resident by `mlockall` without MCL_ONFAULT; a tick needs a few KiB).
    public static func spawn(
        name: String? = nil, scheduling: Scheduling = .normal, stackBytes: Int? = nil,
        _ body: @escaping @Sendable () -> Void
    ) throws(Errno) -> POSIXThread {
        let start = Start(name: name, scheduling: scheduling, body: body)
        let handle = try Handle.create(stackBytes: stackBytes, start: start)
        let granted = scheduling == .normal ? Grant.nothingRequested : start.handoff.receive()
        return POSIXThread(granted: granted, handle: handle)
    }

    /// Starts `body` on a thread nobody joins: it ends by itself, and its
    /// owner learns of that some other way (or it lives as long as the process).
    public static func detach(name: String? = nil, _ body: @escaping @Sendable () -> Void) throws(Errno) {
        let handle = try Handle.create(stackBytes: nil, start: Start(name: name, scheduling: .normal, body: body))
        pthread_detach(handle.thread)
    }

    private init(granted: Grant, handle: Handle) {
        self.granted = granted
        self.handle = handle
    }

    deinit {
        // Never joined: let the thread clean up after itself when it ends.
        if !joined.withLock({ $0 }) {
            pthread_detach(handle.thread)
        }
    }

    /// True when called from this thread.
    public var isCurrent: Bool {
        pthread_equal(handle.thread, pthread_self()) != 0
    }

    /// Waits for the body to return. Safe to call twice and from several
    /// threads: every call returns once the thread has ended. From the thread
    /// itself it returns at once, since a thread cannot wait for itself.
    public func join() {
        guard !isCurrent else { return }
        joined.withLock { joined in
            guard !joined else { return }
            _ = pthread_join(handle.thread, nil)
            joined = true
        }
    }
}

// MARK: - The calling thread

extension POSIXThread {
    /// Applies `scheduling` to the calling thread: stack, then priority, then CPU.
    public static func applyToCurrent(_ scheduling: Scheduling) -> Grant {
        if let bytes = scheduling.lockedStackBytes { lockCurrentStack(bytes: bytes) }
        let fifo = scheduling.fifoPriority.map(setCurrentFIFO(priority:)) ?? .notRequested
        let affinity = scheduling.cpu.map(pinCurrent(toCPU:)) ?? .notRequested
        return Grant(fifo: fifo, affinity: affinity)
    }

    public static func setCurrentFIFO(priority: Int32) -> Outcome {
        #if os(Linux)
        var parameters = sched_param()
        parameters.sched_priority = priority
        // pthread_setschedparam returns the error instead of setting errno.
        let code = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters)
        return code == 0 ? .granted : .refused(Errno(code))
        #else
        return .unsupported
        #endif
    }

    public static func pinCurrent(toCPU cpu: Int) -> Outcome {
        #if os(Linux)
        let code = swivel_pin_current_thread(Int32(clamping: cpu))
        return code == 0 ? .granted : .refused(Errno(code))
        #else
        return .unsupported
        #endif
    }

    /// Cut to the kernel's 15 bytes on a character boundary.
    public static func setCurrentName(_ name: String) {
        var bytes: [UInt8] = []
        for character in name {
            let utf8 = Array(character.utf8)
            guard bytes.count + utf8.count <= 15 else { break }
            bytes += utf8
        }
        _ = swivel_name_current_thread(String(decoding: bytes, as: UTF8.self))
    }

    /// Faults in and locks the top `bytes` of the calling thread's stack
    /// (where its frames live). False where the stack could not be found or locked.
    @discardableResult
    public static func lockCurrentStack(bytes: Int) -> Bool {
        guard let stack = currentStack else { return false }
        let length = min(bytes, stack.count)
        // The stack grows down from its end.
        return mlock(stack.baseAddress! + (stack.count - length), length) == 0
    }

    /// The calling thread's whole stack, lowest address first; nil where it
    /// cannot be found.
    public static var currentStack: UnsafeMutableRawBufferPointer? {
        var base: UnsafeMutableRawPointer?
        var size = 0
        guard swivel_current_thread_stack(&base, &size) == 0, let base, size > 0 else { return nil }
        return UnsafeMutableRawBufferPointer(start: base, count: size)
    }
}

// MARK: - pthread plumbing

extension POSIXThread {
    /// Everything the new thread needs, passed through pthread_create's context pointer.
    fileprivate final class Start: Sendable {
        let name: String?
        let scheduling: Scheduling
        let body: @Sendable () -> Void
        let handoff = StartupHandoff<Grant>()

        init(name: String?, scheduling: Scheduling, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.scheduling = scheduling
            self.body = body
        }

        func run() {
            if let name { POSIXThread.setCurrentName(name) }
            if scheduling != .normal { handoff.send(POSIXThread.applyToCurrent(scheduling)) }
            body()
        }
    }

    /// pthread_t is an integer on Linux and an optional pointer on Darwin.
    fileprivate struct Handle: @unchecked Sendable {
        let thread: pthread_t

        static func create(stackBytes: Int?, start: Start) throws(Errno) -> Handle {
            let context = Unmanaged.passRetained(start).toOpaque()
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            if let stackBytes { pthread_attr_setstacksize(&attributes, stackBytes) }
            #if os(Linux)
            var thread = pthread_t()
            #else
            var thread: pthread_t?
            #endif
            let code = pthread_create(&thread, &attributes, threadEntry, context)
            #if os(Linux)
            guard code == 0 else {
                Unmanaged<Start>.fromOpaque(context).release()
                throw Errno(code)
            }
            return Handle(thread: thread)
            #else
            guard code == 0, let thread else {
                Unmanaged<Start>.fromOpaque(context).release()
                throw Errno(code)
            }
            return Handle(thread: thread)
            #endif
        }
    }
}

#if os(Linux)
private func threadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<POSIXThread.Start>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func threadEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<POSIXThread.Start>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#endif
