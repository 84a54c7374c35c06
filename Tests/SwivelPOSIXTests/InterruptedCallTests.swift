#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelTestSupport
import Testing

/// The EINTR loop lives in SwivelPOSIX alone, so it is proved here: a thread
/// blocked in a call is hit by a signal whose handler does not ask for
/// SA_RESTART (the case where Linux fails the call with EINTR), and the call
/// still ends the way it would have without the signal.
@Suite(.serialized) struct InterruptedCallTests {
    @Test func aSignalDoesNotCutAPollShort() throws {
        let ends = try FileDescriptor.pipe()
        defer { closeBoth(ends) }
        let outcome = try interruptedWhileBlocked(until: ends.writeEnd) { () throws(Errno) in
            var entry = pollfd(fd: ends.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
            return try withUnsafeMutablePointer(to: &entry) { pointer throws(Errno) in
                try Poll.wait(UnsafeMutableBufferPointer(start: pointer, count: 1), timeoutMilliseconds: -1)
            }
        }
        #expect(outcome == .success(1))
    }

    @Test func aSignalDoesNotCutAFinePollShort() throws {
        let ends = try FileDescriptor.pipe()
        defer { closeBoth(ends) }
        let outcome = try interruptedWhileBlocked(until: ends.writeEnd) { () throws(Errno) in
            var entry = pollfd(fd: ends.readEnd.rawValue, events: Int16(POLLIN), revents: 0)
            return try withUnsafeMutablePointer(to: &entry) { pointer throws(Errno) in
                // Long enough that the byte, not the time, ends the wait.
                try Poll.wait(UnsafeMutableBufferPointer(start: pointer, count: 1), timeoutNanoseconds: 60_000_000_000)
            }
        }
        #expect(outcome == .success(1))
    }

    @Test func aSignalDoesNotFailABlockingRead() throws {
        let ends = try FileDescriptor.pipe()
        defer { closeBoth(ends) }
        let outcome = try interruptedWhileBlocked(until: ends.writeEnd) { () throws(Errno) in
            var byte: UInt8 = 0
            return try withUnsafeMutableBytes(of: &byte) { buffer throws(Errno) in try ends.readEnd.read(into: buffer) }
        }
        #expect(outcome == .success(1))
    }

    /// Runs `body` on a thread of its own, signals that thread a few times
    /// while it blocks, then writes one byte to `writeEnd` to let it finish.
    private func interruptedWhileBlocked(
        until writeEnd: FileDescriptor, _ body: @escaping @Sendable () throws(Errno) -> Int
    ) throws -> Result<Int, Errno> {
        installInterruptingHandler()
        let started = TestMutex<pthread_t?>(nil)
        let outcome = TestMutex<Result<Int, Errno>?>(nil)
        let thread = try TestThread {
            // The thread inherits the test pool's mask, which blocks most signals.
            var interrupting = sigset_t()
            sigemptyset(&interrupting)
            sigaddset(&interrupting, SIGURG)
            pthread_sigmask(SIG_UNBLOCK, &interrupting, nil)
            started.withLock { $0 = pthread_self() }
            let result = Result { () throws(Errno) in try body() }
            outcome.withLock { $0 = result }
        }
        var waiter: pthread_t?
        while waiter == nil {
            waiter = started.withLock { $0 }
            sleepSeconds(0.001)
        }
        for _ in 0..<5 {
            sleepSeconds(0.01)
            if let waiter { pthread_kill(waiter, SIGURG) }
        }
        var byte: UInt8 = 1
        _ = try withUnsafeBytes(of: &byte) { try writeEnd.write($0) }
        thread.join()
        return try #require(outcome.withLock { $0 })
    }

    /// A handler that does nothing, without SA_RESTART. SIGURG: ignored by
    /// default, so a stray one elsewhere in the test process does no harm.
    private func installInterruptingHandler() {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = { _ in }
        #else
        action.__sigaction_u.__sa_handler = { _ in }
        #endif
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        sigaction(SIGURG, &action, nil)
    }

    private func closeBoth(_ ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)) {
        try? ends.readEnd.close()
        try? ends.writeEnd.close()
    }
}
