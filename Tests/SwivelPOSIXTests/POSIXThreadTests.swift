#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import SwivelPOSIX
import SwivelTestSupport
import Testing

@Suite struct POSIXThreadTests {
    @Test func threadRunsItsBodyAndJoinIsIdempotent() throws {
        let ranOnItself = Mutex<Bool?>(nil)
        let box = Mutex<POSIXThread?>(nil)
        let gate = Atomic(false)
        let thread = try POSIXThread.spawn(name: "swivel-test") {
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
        #expect(thread.granted == .nothingRequested)
        box.withLock { $0 = nil }
    }

    @Test func schedulingIsAppliedBeforeTheBodyAndReported() throws {
        let scheduling = POSIXThread.Scheduling(fifoPriority: 10, cpu: 0)
        let thread = try POSIXThread.spawn(name: "swivel-test", scheduling: scheduling) {}
        thread.join()
        #if os(Linux)
        // Granted as root or with CAP_SYS_NICE / LimitRTPRIO; otherwise refused with the errno.
        if case .refused(let error) = thread.granted.fifo { #expect(error.isPermissionDenied) }
        #expect(thread.granted.affinity == .granted)
        #else
        #expect(thread.granted == POSIXThread.Grant(fifo: .unsupported, affinity: .unsupported))
        #endif
    }

    #if os(Linux)
    @Test func aCPUOutsideTheSetIsRefusedNotWritten() {
        #expect(POSIXThread.pinCurrent(toCPU: 1 << 20) == .refused(.invalidArgument))
    }

    @Test func theNameIsCutToTheKernelsFifteenBytes() throws {
        let seen = Mutex<String?>(nil)
        let thread = try POSIXThread.spawn(name: "swivel-a-long-thread-name") {
            let name = try? SmallFile.read("/proc/thread-self/comm", maximumBytes: 64).text
            seen.withLock { $0 = name }
        }
        thread.join()
        #expect(seen.withLock { $0 } == "swivel-a-long-t\n")
    }

    /// Memory is locked as it is touched (MCL_ONFAULT); a real-time thread
    /// locks its own stack up front so no tick faults on it.
    @Test func aThreadLocksTheTopOfItsStack() throws {
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(8), &limit)  // RLIMIT_MEMLOCK
        let permitted = geteuid() == 0 || limit.rlim_cur >= 1 << 20
        let result = Mutex<(locked: Bool, before: Int?, after: Int?)?>(nil)
        let thread = try POSIXThread.spawn(name: "stack-lock") {
            let before = Self.lockedKiB()
            let locked = POSIXThread.lockCurrentStack(bytes: 128 * 1024)
            let after = Self.lockedKiB()
            result.withLock { $0 = (locked, before, after) }
            // Leave the process as it was for the other tests.
            if let stack = POSIXThread.currentStack {
                munlock(stack.baseAddress! + (stack.count - 128 * 1024), 128 * 1024)
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

    private static func lockedKiB() -> Int? {
        guard let text = try? SmallFile.read("/proc/self/status").text else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("VmLck:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "")
        }
        return nil
    }
    #endif
}
