#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// waitpid(2) with the EINTR loop, for the tools that start a daemon or a
/// compiler and reap it.
public enum ChildWait {
    /// Blocks until `pid` ends and reaps it: its wait status.
    public static func reap(_ pid: pid_t) throws(Errno) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw .current }
        }
        return status
    }
}
