#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    ) throws(BenchFailure) -> Result {
        try finish(spawn(path, arguments: arguments, searchPath: searchPath, errorOutput: errorOutput))
    }

    /// Starts `path` (looked up on PATH when `searchPath`) with its standard
    /// output on a pipe. Nothing drains the pipe until `finish`, so a child that
    /// writes more than a pipe holds (64 KiB) waits for it.
    static func spawn(
        _ path: String, arguments: [String], searchPath: Bool = false, errorOutput: ErrorOutput = .inherit
    ) throws(BenchFailure) -> Running {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw BenchFailure("cannot create a pipe for \(path): \(describeErrno(errno))")
        }
        let readEnd = pipeEnds[0]
        let writeEnd = pipeEnds[1]
        // A second child spawned while this one runs must not inherit this pipe.
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)

        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy, so fd 1 (and 2) survive the exec.
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        if errorOutput == .merge { posix_spawn_file_actions_adddup2(&actions, writeEnd, 2) }

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }

        #if os(Linux)
        let environment = environ
        #else
        let environment = _NSGetEnviron().pointee
        #endif
        var pid = pid_t()
        let code = argv.withUnsafeBufferPointer { argvBuffer in
            searchPath
                ? posix_spawnp(&pid, path, &actions, nil, argvBuffer.baseAddress!, environment)
                : posix_spawn(&pid, path, &actions, nil, argvBuffer.baseAddress!, environment)
        }
        close(writeEnd)
        guard code == 0 else {
            close(readEnd)
            throw BenchFailure("cannot start \(path): \(describeErrno(code))")
        }
        return Running(path: path, pid: pid, readEnd: readEnd)
    }

    /// Reads the child's output to the end and reaps it.
    static func finish(_ child: Running) throws(BenchFailure) -> Result {
        let output = readAll(child.readEnd)
        close(child.readEnd)

        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) == -1 {
            guard errno == EINTR else {
                throw BenchFailure("cannot wait for \(child.path): \(describeErrno(errno))")
            }
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let terminatingSignal = status & 0x7f
        return Result(
            exitCode: terminatingSignal == 0 ? (status >> 8) & 0xff : nil,
            signal: terminatingSignal == 0 ? nil : terminatingSignal,
            standardOutput: String(decoding: output, as: UTF8.self))
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                output += chunk[0..<count]
            } else if count == 0 || errno != EINTR {
                return output
            }
        }
    }

    static func describeErrno(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
