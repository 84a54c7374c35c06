#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelTestSupport
import Testing
@testable import SwivelLoop

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
        let (thread, privileges) = try POSIXThread.spawn(name: "swivel-test", request: request) {}
        thread.join()
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
}
