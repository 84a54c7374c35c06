#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SwivelTestSupport
import Testing
@testable import SwivelRuntime

@Suite struct RealtimeLoopPrivilegesTests {
    @Test func requestRejectsPrioritiesOutsideTheFIFORange() {
        for priority: Int32 in [0, -3, 100] {
            #expect {
                try RealtimeRequest(lockMemory: false, fifoPriority: priority, cpu: nil)
            } throws: { error in
                (error as? RealtimeLoopError)?.kind == .invalidPriority
            }
        }
        #expect((try? RealtimeRequest(lockMemory: false, fifoPriority: 1, cpu: nil)) != nil)
        #expect((try? RealtimeRequest(lockMemory: false, fifoPriority: 99, cpu: nil)) != nil)
    }

    @Test func requestRejectsCPUsThatDoNotExist() {
        for cpu in [-1, 1_000_000] {
            #expect {
                try RealtimeRequest(lockMemory: false, fifoPriority: nil, cpu: cpu)
            } throws: { error in
                (error as? RealtimeLoopError)?.kind == .invalidCPU
            }
        }
    }

    @Test func fifoOnAThreadIsEitherGrantedOrExplained() throws {
        let request = try RealtimeRequest(lockMemory: false, fifoPriority: 10, cpu: 0)
        let thread = try RealtimeThread.spawn(name: "swivel-test", request: request) {}
        thread.join()
        let privileges = thread.privileges
        #expect(privileges.memoryLock == .notRequested)
        switch privileges.fifo {
        case .granted:
            break
        case .refused(let code, let reason):
            #expect(code != 0)
            #expect(reason.contains("SCHED_FIFO priority 10"))
        case .unsupported(let reason):
            #expect(!reason.isEmpty)
        case .notRequested:
            Issue.record("FIFO was requested")
        }
        switch privileges.affinity {
        case .granted:
            break
        case .refused(_, let reason), .unsupported(let reason):
            #expect(reason.contains("CPU 0"))
        case .notRequested:
            Issue.record("affinity was requested")
        }
        let everythingGranted = privileges.fifoGranted && privileges.affinity.isGranted
        #expect((privileges.warning == nil) == everythingGranted)
    }

    @Test func memoryLockIsEitherGrantedOrExplained() {
        let outcome = RealtimePrivileges.lockMemory()
        RealtimePrivileges.unlockMemory()
        switch outcome {
        case .granted:
            break
        case .refused(let code, let reason):
            #expect(code != 0)
            #expect(reason.contains("mlockall"))
        case .unsupported(let reason):
            #expect(!reason.isEmpty)
        case .notRequested:
            Issue.record("lockMemory always tries")
        }
    }

    @Test func refusalsExplainTheFix() {
        let fifo = RealtimePrivileges.fifoAdvice(errno: EPERM, priority: 49)
        #expect(fifo.contains("EPERM"))
        #expect(fifo.contains("LimitRTPRIO=49"))
        #expect(fifo.contains("CAP_SYS_NICE"))
        let memory = RealtimePrivileges.memoryLockAdvice(errno: EPERM)
        #expect(memory.contains("LimitMEMLOCK"))
    }

    @Test func warningCollectsEveryRefusalInOneParagraph() {
        #expect(RealtimePrivileges.nothingRequested.warning == nil)
        let allGranted = RealtimePrivileges(memoryLock: .granted, fifo: .granted, affinity: .notRequested)
        #expect(allGranted.warning == nil)
        let refused = RealtimePrivileges(
            memoryLock: .refused(errno: 12, reason: "Memory sentence."),
            fifo: .refused(errno: 1, reason: "FIFO sentence."),
            affinity: .granted)
        let warning = refused.warning ?? ""
        #expect(warning.contains("Memory sentence. FIFO sentence."))
        #expect(!refused.fifoGranted)
        #expect(!refused.memoryLocked)
    }

    @Test func threadRunsItsBodyAndJoinIsIdempotent() throws {
        let ranOnItself = Mutex<Bool?>(nil)
        let box = Mutex<RealtimeThread?>(nil)
        let gate = Atomic(false)
        let thread = try RealtimeThread.spawn(name: "swivel-test", request: .none) {
            // Wait until the spawner has stored the handle, then ask it about ourselves.
            while !gate.load(ordering: .acquiring) {}
            let current = box.withLock { $0?.isCurrent }
            ranOnItself.withLock { $0 = current }
            box.withLock { $0?.join() }  // joining itself must return, not deadlock
        }
        box.withLock { $0 = thread }
        gate.store(true, ordering: .releasing)
        thread.join()
        thread.join()
        #expect(ranOnItself.withLock { $0 } == true)
        #expect(!thread.isCurrent)
        #expect(thread.privileges == .nothingRequested)
        box.withLock { $0 = nil }
    }
}

#if os(Linux)
/// Memory is locked as it is touched (MCL_ONFAULT); a real-time thread locks
/// its own stack up front so no tick faults on it.
@Suite struct MemoryLockPolicyTests {
    private static func lockedKiB() -> Int? {
        guard let text = try? TextFile.read("/proc/self/status") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmLck:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }

    @Test func aThreadLocksTheTopOfItsStack() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(8), &limit)  // RLIMIT_MEMLOCK
        let permitted = geteuid() == 0 || limit.rlim_cur >= 1 << 20
        let result = Mutex<(locked: Bool, before: Int?, after: Int?)?>(nil)
        let thread = try RealtimeThread.spawn(name: "stack-lock", request: RealtimeRequest(lockMemory: false, fifoPriority: nil, cpu: nil)) {
            let before = Self.lockedKiB()
            let locked = MemoryLockPolicy.lockCurrentStack(bytes: 128 * 1024)
            let after = Self.lockedKiB()
            result.withLock { $0 = (locked, before, after) }
            // Leave the process as it was for the other tests.
            var attributes = pthread_attr_t()
            if let get = GNUExtensions.pthreadGetAttributes, get(pthread_self(), &attributes) == 0 {
                var base: UnsafeMutableRawPointer?
                var size = 0
                pthread_attr_getstack(&attributes, &base, &size)
                if let base { munlock(base + (size - 128 * 1024), 128 * 1024) }
                pthread_attr_destroy(&attributes)
            }
        }
        thread.join()
        let outcome = try #require(result.withLock { $0 })
        #expect(outcome.locked == permitted)
        // Under a sanitizer the mlock succeeds and locks nothing (Sanitizers.memoryLockingIsIgnored).
        if permitted, !Sanitizers.memoryLockingIsIgnored, let before = outcome.before, let after = outcome.after {
            // Other tests may lock or unlock meanwhile; this thread's 128 KiB at least.
            #expect(after >= before + 128 || after >= 128)
        }
    }
}
#endif
