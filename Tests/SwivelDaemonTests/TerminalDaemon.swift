#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelStandHarness

/// The built swiveld with its standard output and error on a pseudo-terminal
/// of the test's, as `make run` has them on a terminal: the test reads the
/// terminal's side when it wants to, or never (a stalled SSH session, a paused
/// terminal). `stalled` fills and pauses the terminal before the daemon
/// starts, so its very first write blocks until `resume()`. Killed when dropped unless it exited.
final class TerminalDaemon {
    let pid: pid_t
    /// The terminal's side: what the daemon writes arrives here.
    let primary: Int32
    /// The daemon's side, kept open here to pause and resume it.
    private let secondary: Int32
    let socketPath: String
    let hostPath: String
    private var exited = false

    init(tag: String, arguments: [String], stalled: Bool, columns: UInt16 = 80, waitForSocket: Bool = true) throws {
        let base = "/tmp/swivel-tty-\(getpid())-\(tag)"
        socketPath = base + ".sock"
        hostPath = base + "-host"
        var primary: Int32 = -1, secondary: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&primary, &secondary, nil, nil, &size) == 0 else { throw DocumentedFailure("openpty: errno \(errno)") }
        self.primary = primary
        self.secondary = secondary
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
        if stalled {
            // A second open of the terminal, so O_NONBLOCK stays ours: the daemon's writes block.
            var name = [CChar](repeating: 0, count: 256)
            guard ttyname_r(secondary, &name, name.count) == 0 else { throw DocumentedFailure("ttyname_r") }
            let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let filler = open(path, O_WRONLY | O_NONBLOCK | O_NOCTTY)
            guard filler >= 0 else { throw DocumentedFailure("cannot open the terminal to fill it") }
            let block = [UInt8](repeating: UInt8(ascii: "."), count: 1024)
            while block.withUnsafeBytes({ write(filler, $0.baseAddress, $0.count) }) > 0 {}
            close(filler)
            // And paused, as Ctrl-S pauses it: the kernel moves some of what was
            // written on, which left room for a second of status lines.
            tcflow(secondary, TCOOFF)
        }
        let arguments = [
            "--board", DaemonTests.simBoard, "--scene", "none", "--socket", socketPath, "--pty-link", hostPath,
            "--vision-link", base + "-vision",
        ] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, secondary, 1)
        posix_spawn_file_actions_adddup2(&actions, secondary, 2)
        posix_spawn_file_actions_addclose(&actions, primary)
        posix_spawn_file_actions_addclose(&actions, secondary)
        let argv = ([DaemonTests.swiveld] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, DaemonTests.swiveld, &actions, nil, argv, environ)
        guard spawned == 0 else { throw DocumentedFailure("posix_spawn: \(spawned)") }
        self.pid = pid
        guard waitForSocket else { return }
        // Generous: a debug daemon on a machine busy with the rest of the suite can take seconds to start.
        let end = RawHost.now() + 30 * Sanitizers.slowdown
        while RawHost.now() < end && (access(hostPath, F_OK) != 0 || access(socketPath, F_OK) != 0) { sleepSeconds(0.025) }
        guard access(socketPath, F_OK) == 0 else {
            throw DocumentedFailure("swiveld made no \(socketPath) within 30 s with its terminal \(stalled ? "stalled" : "read")")
        }
    }

    func signal(_ signal: Int32) { kill(pid, signal) }

    /// The exit status (128 + n for a signal), or nil if it still runs after `seconds`.
    func wait(seconds: Double) -> Int32? {
        let end = RawHost.now() + seconds
        repeat {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exited = true
                return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            }
            sleepSeconds(0.01)
        } while RawHost.now() < end
        return nil
    }

    /// Ctrl-Q: the terminal takes output again.
    func resume() { tcflow(secondary, TCOON) }

    /// What the daemon wrote that arrived since the last read.
    func read() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { readBytes(primary, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads for `seconds`, keeping the terminal drained.
    func read(forSeconds seconds: Double) -> String {
        var text = ""
        let end = RawHost.now() + seconds
        while RawHost.now() < end {
            text += read()
            sleepSeconds(0.01)
        }
        return text + read()
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(primary)
        close(secondary)
        unlink(socketPath)
        unlink(hostPath)
    }
}

#if canImport(Glibc)
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Glibc.read(fd, buffer, count) }
#else
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { Darwin.read(fd, buffer, count) }
#endif
