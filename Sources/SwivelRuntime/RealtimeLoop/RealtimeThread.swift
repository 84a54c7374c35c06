#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelSync

/// A joinable pthread that applies a `RealtimeRequest` to itself before running its
/// body. Foundation's Thread cannot set a scheduling policy, hence raw pthreads.
/// The policy is applied from inside the new thread (as Klipper does for its main
/// thread), so what was granted is exactly what the running body has.
public final class RealtimeThread: Sendable {
    /// What the kernel granted; memory locking, if requested, was done by the
    /// spawning thread (it is process-wide).
    public let privileges: RealtimePrivileges

    private let handle: ThreadHandle
    // Held across pthread_join, so a second joiner waits for the first to finish
    // instead of returning while the thread still runs.
    private let joined = PIMutex(false)

    /// Starts the thread and returns once it has applied its policy (before `body`
    /// has necessarily run). `name` shows in `top -H` and `ps -L`; Linux keeps its
    /// first 15 bytes.
    public static func spawn(
        name: String,
        request: RealtimeRequest,
        stackBytes: Int = 512 * 1024,
        body: @escaping @Sendable () -> Void
    ) throws(RealtimeLoopError) -> RealtimeThread {
        let memoryLock = request.lockMemory ? RealtimePrivileges.lockMemory() : .notRequested
        let start = ThreadStart(name: name, request: request, body: body)
        let context = Unmanaged.passRetained(start).toOpaque()

        var thread = ThreadHandle.initialValue
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        // mlockall makes a thread's whole stack resident, and the default is 8 MiB;
        // a tick needs a few KiB.
        pthread_attr_setstacksize(&attributes, stackBytes)
        let code = pthread_create(&thread, &attributes, realtimeThreadEntry, context)
        guard code == 0, let handle = ThreadHandle(thread) else {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            throw RealtimeLoopError(
                .threadSpawnFailed,
                "could not start thread \(name) (\(RealtimePrivileges.errnoDescription(code))); the system is out of threads or memory")
        }
        let granted = start.handoff.receive()
        return RealtimeThread(
            privileges: RealtimePrivileges(memoryLock: memoryLock, fifo: granted.fifo, affinity: granted.affinity),
            handle: handle)
    }

    private init(privileges: RealtimePrivileges, handle: ThreadHandle) {
        self.privileges = privileges
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

    /// Waits for the body to return. Safe to call twice and from several threads:
    /// every call returns once the thread has ended. From the thread itself it
    /// returns at once without joining, since a thread cannot wait for itself.
    public func join() {
        guard !isCurrent else { return }
        joined.withLock { joined in
            guard !joined else { return }
            _ = pthread_join(handle.thread, nil)
            joined = true
        }
    }
}

/// pthread_t is an integer on Linux and a pointer on Darwin; wrapping it lets the
/// rest of the file ignore which.
struct ThreadHandle: @unchecked Sendable {
    #if os(Linux)
    var thread: pthread_t
    static var initialValue: pthread_t { pthread_t() }
    init?(_ thread: pthread_t) { self.thread = thread }
    #else
    var thread: pthread_t
    static var initialValue: pthread_t? { nil }
    init?(_ thread: pthread_t?) {
        guard let thread else { return nil }
        self.thread = thread
    }
    #endif
}

/// Everything the new thread needs, passed through pthread_create's context pointer.
private final class ThreadStart: @unchecked Sendable {
    let name: String
    let request: RealtimeRequest
    let body: @Sendable () -> Void
    let handoff = StartupHandoff<ThreadGrant>()

    init(name: String, request: RealtimeRequest, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.request = request
        self.body = body
    }

    func run() {
        setCurrentThreadName(name)
        #if os(Linux)
        // Memory is locked as it is touched: touch this stack now, not in a tick.
        if request.lockMemory { MemoryLockPolicy.lockCurrentStack(bytes: 256 * 1024) }
        #endif
        let policy = RealtimePrivileges.applyThreadPolicy(request)
        handoff.send(ThreadGrant(fifo: policy.fifo, affinity: policy.affinity))
        body()
    }
}

private struct ThreadGrant: Sendable {
    var fifo: PrivilegeOutcome
    var affinity: PrivilegeOutcome
}

#if os(Linux)
private func realtimeThreadEntry(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func realtimeThreadEntry(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadStart>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#endif

private func setCurrentThreadName(_ name: String) {
    // The kernel limit is 16 bytes with the terminator; cut on a character boundary.
    var bytes: [UInt8] = []
    for character in name {
        let utf8 = Array(character.utf8)
        guard bytes.count + utf8.count <= 15 else { break }
        bytes += utf8
    }
    let shortName = String(decoding: bytes, as: UTF8.self)
    #if os(Linux)
    _ = GNUExtensions.pthreadSetName?(pthread_self(), shortName)
    #else
    _ = pthread_setname_np(shortName)
    #endif
}
