#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelToolSupport

/// The daemon under test: started on the board with every link path inside
/// the work directory (so it never meets a `make run` on the same machine),
/// its output in a log file there.
final class DaemonProcess {
    enum Ending: Equatable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)

        var description: String {
            switch self {
            case .exited(let code): "exited with \(code)"
            case .signaled(let signal): "was killed by signal \(signal)\(signal == SIGILL ? " (SIGILL: a Swift trap)" : signal == SIGSEGV ? " (SIGSEGV)" : "")"
            }
        }
    }

    let pid: pid_t
    let logPath: String
    let socketPath: String
    let arguments: [String]
    private(set) var ending: Ending?

    private init(pid: pid_t, logPath: String, socketPath: String, arguments: [String]) {
        self.pid = pid
        self.logPath = logPath
        self.socketPath = socketPath
        self.arguments = arguments
    }

    static func start(binary: String, board: String, directory: String) throws(ToolFailure) -> DaemonProcess {
        guard access(binary, X_OK) == 0 else {
            throw ToolFailure("\(binary) is not an executable; `make soak` builds it (swift build -c release --product swiveld)")
        }
        let socketPath = directory + "/swivel.sock"
        let arguments = [
            "--board", board, "--socket", socketPath, "--serial", "pty", "--pty-link", directory + "/host",
            "--vision", "pty", "--vision-link", directory + "/vision", "--state-dir", "none",
        ]
        let logPath = directory + "/swiveld.log"

        let pid: pid_t
        do throws(Errno) {
            pid = try ChildProcess.spawn(binary, arguments: arguments, redirections: .intoLog(logPath, mode: 0o644))
        } catch {
            throw ToolFailure("cannot start \(binary): \(describeErrno(error.code))")
        }
        return DaemonProcess(pid: pid, logPath: logPath, socketPath: socketPath, arguments: arguments)
    }

    /// How it ended, if it has; reaps it then.
    func poll() -> Ending? {
        if let ending { return ending }
        ending = switch ChildProcess.endingIfEnded(pid) {
        case nil: nil
        case .exited(let code): .exited(code)
        case .signaled(let signal): .signaled(signal)
        }
        return ending
    }

    /// SIGTERM, then up to `graceSeconds` for the stand to stop and the process to exit; SIGKILL after.
    func terminate(graceSeconds: Double) -> (ending: Ending, seconds: Double, killed: Bool) {
        let started = MonotonicTime.nanoseconds()
        if poll() == nil { kill(pid, SIGTERM) }
        while true {
            if let ending = poll() { return (ending, Double(MonotonicTime.nanoseconds() - started) / 1e9, false) }
            if Double(MonotonicTime.nanoseconds() - started) / 1e9 > graceSeconds { break }
            sleepNanoseconds(10_000_000)
        }
        kill(pid, SIGKILL)
        while poll() == nil { sleepNanoseconds(10_000_000) }
        return (ending ?? .signaled(SIGKILL), Double(MonotonicTime.nanoseconds() - started) / 1e9, true)
    }

    var log: String { (try? SmallFile.read(logPath, maximumBytes: .max))?.text ?? "" }

    /// The last `count` lines of the log, for a failure message.
    func logTail(_ count: Int) -> String {
        log.split(separator: "\n", omittingEmptySubsequences: false).suffix(count).joined(separator: "\n")
    }
}

/// What /proc says about a process: resident memory, open descriptors, threads.
struct ProcessSample {
    var elapsedSeconds: Double
    var residentKiB: Int
    var highWaterKiB: Int
    var descriptors: Int
    var threads: Int

    /// nil when the process is gone (or this is not Linux).
    static func take(pid: pid_t, elapsedSeconds: Double) -> ProcessSample? {
        guard let status = (try? SmallFile.read("/proc/\(pid)/status", maximumBytes: .max))?.text,
              let descriptors = Files.names(in: "/proc/\(pid)/fd")
        else { return nil }
        func field(_ key: String) -> Int? {
            for line in status.split(separator: "\n") where line.hasPrefix(key + ":") {
                // "VmRSS:\t   12345 kB"
                return line.dropFirst(key.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) }
            }
            return nil
        }
        guard let resident = field("VmRSS") else { return nil }
        return ProcessSample(
            elapsedSeconds: elapsedSeconds, residentKiB: resident, highWaterKiB: field("VmHWM") ?? resident,
            descriptors: descriptors.count, threads: field("Threads") ?? 0)
    }
}
