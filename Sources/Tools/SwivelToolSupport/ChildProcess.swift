#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif
public import SwivelPOSIX

/// Starting and reaping a child with posix_spawn and waitpid, since
/// FoundationEssentials has no Process. Each tool words its own failures:
/// these only hand back the `Errno`.
public enum ChildProcess {
    /// One step of setting up the child's descriptors before it execs, done in the order given.
    public enum Redirection: Sendable {
        /// open(path, flags, mode) as descriptor `target`.
        case open(String, flags: Int32, mode: mode_t, as: Int32)
        /// dup2(source, target); the copy loses close-on-exec, so it survives the exec.
        case duplicate(Int32, as: Int32)
    }

    /// How a reaped child ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signaled(Int32)

        init(waitStatus status: Int32) {
            // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
            let signal = status & 0x7f
            self = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        }
    }

    /// Starts `path` with `arguments` (argv[0] is `path`) and this process's
    /// environment, looked up on PATH when `searchPath`.
    public static func spawn(
        _ path: String, arguments: [String], searchPath: Bool = false, redirections: [Redirection]
    ) throws(Errno) -> pid_t {
        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for redirection in redirections {
            switch redirection {
            case .open(let file, let flags, let mode, let target):
                posix_spawn_file_actions_addopen(&actions, target, file, flags, mode)
            case .duplicate(let source, let target):
                posix_spawn_file_actions_adddup2(&actions, source, target)
            }
        }

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
        guard code == 0 else { throw Errno(code) }
        return pid
    }

    /// Waits for `pid` to end and reaps it.
    public static func wait(_ pid: pid_t) throws(Errno) -> Ending {
        Ending(waitStatus: try ChildWait.reap(pid))
    }

    /// How `pid` ended, reaping it, if it has; nil while it runs (or cannot be waited for).
    public static func endingIfEnded(_ pid: pid_t) -> Ending? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        return Ending(waitStatus: status)
    }
}

extension [ChildProcess.Redirection] {
    /// A daemon's set-up: standard input from /dev/null, standard output
    /// and error into `logPath`, made or truncated with `mode`.
    public static func intoLog(_ logPath: String, mode: mode_t) -> Self {
        [
            .open("/dev/null", flags: O_RDONLY, mode: 0, as: 0),
            .open(logPath, flags: O_WRONLY | O_CREAT | O_TRUNC, mode: mode, as: 1),
            .duplicate(1, as: 2),
        ]
    }
}
