import SwivelHardware
import SwivelPOSIX
import SwivelPorts
import Synchronization

/// Serves a simulated serial device on a pty's primary side: what the stand
/// writes is handed to `answer`, and what that returns is written back at
/// once, as the device would within a millisecond. The simulated bus servos
/// and TMC2209s sit behind one each.
final class SimulatedPtyServer: Sendable {
    private let pair: PseudoTerminalPair
    private let answer: @Sendable ([UInt8]) -> [UInt8]
    private let stopRequested = Atomic(false)
    private let thread: Mutex<POSIXThread?> = Mutex(nil)

    init(pair: PseudoTerminalPair, threadName: String, answer: @escaping @Sendable ([UInt8]) -> [UInt8]) throws(HardwareError) {
        self.pair = pair
        self.answer = answer
        do {
            let started = try POSIXThread.spawn(name: threadName) { [self] in serve() }
            thread.withLock { $0 = started }
        } catch {
            throw .threadNotStarted(threadName, error)
        }
    }

    private func serve() {
        var poll = PollSet()
        _ = poll.add(pair.primary.fileDescriptor)
        var buffer = [UInt8](repeating: 0, count: 512)
        while !stopRequested.load(ordering: .acquiring) {
            guard (try? poll.wait(timeoutMilliseconds: 20)) ?? 0 > 0 else { continue }
            guard let count = try? pair.primary.read(into: &buffer), count > 0 else { continue }
            let answers = answer(Array(buffer[0..<count]))
            guard !answers.isEmpty else { continue }
            answers.withUnsafeBytes { bytes in try? pair.primary.write(all: bytes, timeoutMilliseconds: 50) }
        }
    }

    /// Joins the thread, then closes the pty. Idempotent.
    func stop() {
        stopRequested.store(true, ordering: .releasing)
        thread.withLock { $0 }?.join()
        thread.withLock { $0 = nil }
        pair.close()
    }
}
