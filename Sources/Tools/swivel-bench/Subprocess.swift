#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelToolSupport

/// Runs a program and captures its standard output. posix_spawn, since
/// FoundationEssentials has no Process.
///
/// No ru_maxrss here: a posix_spawn child's reads at least this process's RSS
/// (see bench/c/peak_rss.c), so peak RSS goes through that launcher instead.
enum Subprocess {
    struct Result {
        var exitCode: Int32?
        var signal: Int32?
        var standardOutput: String

        /// "exited with 3" / "was killed by signal 9", for a failure message.
        var howItEnded: String {
            signal.map { "was killed by signal \($0)" } ?? "exited with \(exitCode ?? -1)"
        }
    }

    /// Where the child's standard error goes.
    enum ErrorOutput {
        /// Straight to ours (a child's warnings reach the user as they happen).
        case inherit
        /// Into the captured standard output, in order (a compiler's diagnostics, a daemon's log).
        case merge
    }

    /// A started child. `finish` must be called once, to reap it.
    struct Running {
        let path: String
        let pid: pid_t
        fileprivate let readEnd: Int32
    }

    static func run(
        _ path: String, arguments: [String], searchPath: Bool = false, errorOutput: ErrorOutput = .inherit
    ) throws(ToolFailure) -> Result {
        try finish(spawn(path, arguments: arguments, searchPath: searchPath, errorOutput: errorOutput))
    }

    /// Starts `path` (looked up on PATH when `searchPath`) with its standard
    /// output on a pipe. Nothing drains the pipe until `finish`, so a child that
    /// writes more than a pipe holds (64 KiB) waits for it.
    static func spawn(
        _ path: String, arguments: [String], searchPath: Bool = false, errorOutput: ErrorOutput = .inherit
    ) throws(ToolFailure) -> Running {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw ToolFailure("cannot create a pipe for \(path): \(describeErrno(errno))")
        }
        let readEnd = pipeEnds[0]
        let writeEnd = pipeEnds[1]
        // A second child spawned while this one runs must not inherit this pipe.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        var redirections: [ChildProcess.Redirection] = [.duplicate(writeEnd, as: 1)]
        if errorOutput == .merge { redirections.append(.duplicate(writeEnd, as: 2)) }
        let pid: pid_t
        do throws(Errno) {
            pid = try ChildProcess.spawn(path, arguments: arguments, searchPath: searchPath, redirections: redirections)
        } catch {
            close(writeEnd)
            close(readEnd)
            throw ToolFailure("cannot start \(path): \(describeErrno(error.code))")
        }
        close(writeEnd)
        return Running(path: path, pid: pid, readEnd: readEnd)
    }

    /// Reads the child's output to the end and reaps it.
    static func finish(_ child: Running) throws(ToolFailure) -> Result {
        let output = (try? SmallFile.read(from: FileDescriptor(rawValue: child.readEnd), maximumBytes: .max))?.bytes ?? []
        close(child.readEnd)

        let ending: ChildProcess.Ending
        do throws(Errno) {
            ending = try ChildProcess.wait(child.pid)
        } catch {
            throw ToolFailure("cannot wait for \(child.path): \(describeErrno(error.code))")
        }
        return switch ending {
        case .exited(let code): Result(exitCode: code, signal: nil, standardOutput: String(decoding: output, as: UTF8.self))
        case .signaled(let signal): Result(exitCode: nil, signal: signal, standardOutput: String(decoding: output, as: UTF8.self))
        }
    }

    static func describeErrno(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
