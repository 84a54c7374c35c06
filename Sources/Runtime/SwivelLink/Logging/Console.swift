#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SwivelPOSIX
import SwivelSync

/// The daemon's standard output and standard error, written by one thread of
/// their own (`swivel-output`) so that no other thread ever waits on them.
///
/// A terminal nobody reads (a stalled SSH session, a paused terminal) blocks
/// a write for as long as it stays stalled. Written from the thread that
/// served signals, hosts or shutdown, that write once held up SIGTERM,
/// `--duration` and HELLO for as long as the terminal did. Here every other
/// thread only queues its text (a short lock, no I/O under it) and returns;
/// the writer thread alone blocks. When the queue is full (`lineCapacity`
/// lines or `byteCapacity` bytes waiting) further lines are dropped and
/// counted, and once the writer gets through again it says how many.
///
/// The in-place status line (`showStatus`) is not queued: only the newest one
/// matters, so a redraw replaces the one still waiting.
public final class Console: Sendable {
    public enum Stream: Sendable { case output, error }

    public static let lineCapacity = 256
    public static let byteCapacity = 64 * 1024

    /// Standard output and standard error of this process.
    public static let shared = Console(output: .standardOutput, error: .standardError)

    private struct Line {
        var stream: Stream
        var text: String
        /// The last status line: cut to the terminal's width and ended, in its place among the lines.
        var isFinalStatus = false
    }

    private struct State {
        var lines: [Line] = []
        var bytes = 0
        var dropped = 0
        var status: String?
        var statusChanged = false
        /// The writer was told there is work (the semaphore was posted) and has not taken it yet.
        var wakePending = false
        /// The writer is writing what it took.
        var writing = false
        var running = false
    }

    private let state = PIMutex(State())
    private let output: FileDescriptor
    private let error: FileDescriptor
    // A POSIX semaphore: sem_post never blocks, whoever calls it.
    private nonisolated(unsafe) let wake: UnsafeMutablePointer<sem_t>

    /// Writes to `output` and `error` (a test passes a pipe's ends).
    public init(output: FileDescriptor, error: FileDescriptor) {
        self.output = output
        self.error = error
        wake = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(wake, 0, 0)
    }

    /// Queues `text` (with its newline) for `stream`; never waits for the
    /// writer. Returns false when the line was dropped because too much is
    /// already waiting.
    @discardableResult
    public func write(_ stream: Stream, _ text: String) -> Bool {
        enqueue(Line(stream: stream, text: text))
    }

    private func enqueue(_ line: Line, endingStatus: Bool = false) -> Bool {
        let (queued, post) = state.withLock { state -> (Bool, Bool) in
            if endingStatus {
                state.status = nil
                state.statusChanged = false
            }
            guard state.lines.count < Self.lineCapacity, state.bytes + line.text.utf8.count <= Self.byteCapacity else {
                state.dropped += 1
                // Woken for it too: the count is told as soon as the output takes lines
                // again, even if nothing else is ever written.
                return (false, Self.needsWake(&state))
            }
            state.lines.append(line)
            state.bytes += line.text.utf8.count
            return (true, Self.needsWake(&state))
        }
        if post { signalWriter() }
        return queued
    }

    /// The status line redrawn in place on standard output (a terminal):
    /// replaces whatever status is still waiting. The writer clears it before
    /// writing a log line, so lines never tear it, and draws it again after.
    public func showStatus(_ line: String) {
        let post = state.withLock { state -> Bool in
            state.status = line
            state.statusChanged = true
            return Self.needsWake(&state)
        }
        if post { signalWriter() }
    }

    /// The last status line, left on the screen with a newline after it, in
    /// order with the lines written before and after (the exit summary).
    public func finishStatus(_ line: String) {
        _ = enqueue(Line(stream: .output, text: line, isFinalStatus: true), endingStatus: true)
    }

    /// Lines dropped so far and not yet reported.
    public var droppedLines: Int { state.withLock { $0.dropped } }

    /// Waits until everything queued is written, at most `nanoseconds`. False
    /// when the output is still stalled then: the caller goes on without it.
    @discardableResult
    public func drain(withinNanoseconds nanoseconds: Int64) -> Bool {
        let end = MonotonicTime.nanoseconds() + nanoseconds
        while true {
            let idle = state.withLock { state in
                !state.running || (state.lines.isEmpty && !state.statusChanged && !state.wakePending && !state.writing)
            }
            if idle { return true }
            let now = MonotonicTime.nanoseconds()
            if now >= end { return false }
            DeadlineSleep.until(nanoseconds: min(end, now + 2_000_000))
        }
    }

    // MARK: - The writer

    private static func needsWake(_ state: inout State) -> Bool {
        guard !state.wakePending else { return false }
        state.wakePending = true
        return true
    }

    private func signalWriter() {
        let start = state.withLock { state -> Bool in
            guard !state.running else { return false }
            state.running = true
            return true
        }
        if start, !startWriter() {
            // Without its thread the console cannot promise not to block: it
            // drops everything rather than write from the caller's thread.
            state.withLock { state in
                state.running = false
                state.dropped += state.lines.count
                state.lines.removeAll()
                state.bytes = 0
                state.wakePending = false
                state.statusChanged = false
            }
            return
        }
        sem_post(wake)
    }

    private func startWriter() -> Bool {
        (try? POSIXThread.detach(name: "swivel-output") { [self] in run() }) != nil
    }

    private struct Batch {
        var lines: [Line]
        var dropped: Int
        var status: String?
        var statusChanged: Bool
    }

    private func run() {
        // The signal mask is its creator's: in the daemon every thread blocks
        // the signals its signal thread collects, so a SIGPIPE from a write
        // here stays pending on this thread and the write fails with EPIPE.
        var statusShown = false
        while true {
            while sem_wait(wake) != 0 {}
            let batch = state.withLock { state -> Batch in
                let batch = Batch(lines: state.lines, dropped: state.dropped, status: state.status, statusChanged: state.statusChanged)
                state.lines.removeAll(keepingCapacity: true)
                state.bytes = 0
                state.dropped = 0
                state.statusChanged = false
                state.wakePending = false
                state.writing = true
                return batch
            }
            if !batch.lines.isEmpty || batch.dropped > 0, statusShown {
                put("\r\u{1B}[K", to: output)
                statusShown = false
            }
            for line in batch.lines {
                if line.isFinalStatus {
                    put("\r\u{1B}[K" + Self.cut(line.text, toColumns: columns()) + "\n", to: output)
                } else {
                    put(line.text, to: line.stream == .output ? output : error)
                }
            }
            if batch.dropped > 0 {
                put(Log.format(.warning, "\(batch.dropped) line\(batch.dropped == 1 ? "" : "s") of output dropped while it was blocked"), to: error)
            }
            // Drawn again after lines cleared it, or when it changed.
            if let status = batch.status, batch.statusChanged || !statusShown {
                put("\r\u{1B}[K" + Self.cut(status, toColumns: columns()), to: output)
                statusShown = true
            }
            state.withLock { $0.writing = false }
        }
    }

    /// A line that wraps cannot be redrawn in place: cut it to the terminal's width.
    static func cut(_ line: String, toColumns width: Int) -> String {
        line.count > width ? String(line.prefix(max(width - 1, 1))) : line
    }

    private func columns() -> Int {
        var size = winsize()
        guard ioctl(output.rawValue, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Writes all of `text`, waiting as long as the descriptor makes it wait
    /// (this thread serves nothing else). A descriptor someone made
    /// non-blocking is waited on with poll; one that fails (a closed pipe, a
    /// hung-up terminal) loses the text.
    private func put(_ text: String, to descriptor: FileDescriptor) {
        var text = text
        text.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var offset = 0
            while offset < bytes.count {
                do throws(Errno) {
                    let written = try descriptor.write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
                    guard written > 0 else { return }
                    offset += written
                } catch {
                    guard error == .wouldBlock else { return }
                    var entry = pollfd(fd: descriptor.rawValue, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&entry, 1, -1)
                }
            }
        }
    }
}
