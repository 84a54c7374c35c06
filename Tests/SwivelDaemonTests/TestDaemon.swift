#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelStandHarness

/// The built swiveld on the simulated board, with private link endpoints
/// (the socket, the pty link, the vision link), as the daemon tests start it.
/// Ready once the pty link and the socket exist; killed when dropped unless
/// `stop()` ended it. Optionally under `sh -c` (for ulimit or umask) and with
/// extra environment (LD_PRELOAD).
final class TestDaemon {
    let process: Subprocess
    let socketPath: String
    let hostPath: String

    /// The vision pty's link: the on-board vision co-processor's side.
    let visionPath: String

    init(
        tag: String, board: String = DaemonTests.simBoard, arguments: [String] = [], shell: String? = nil,
        environment: [String: String] = [:]
    ) throws {
        let base = "/tmp/swivel-daemon-\(getpid())-\(tag)"
        socketPath = base + ".sock"
        hostPath = base + "-host"
        visionPath = base + "-vision"
        let daemonArguments = [
            "--board", board, "--no-demo", "--scene", "none", "--socket", socketPath,
            "--pty-link", hostPath, "--vision-link", visionPath,
        ] + arguments
        if let shell {
            process = try Subprocess.launch(
                "/bin/sh", ["-c", "\(shell); exec \"$0\" \"$@\"", DaemonTests.swiveld] + daemonArguments,
                environment: environment)
        } else {
            process = try Subprocess.launch(DaemonTests.swiveld, daemonArguments, environment: environment)
        }
        // A debug daemon on a machine busy with the rest of the suite can take seconds to start.
        let end = RawHost.now() + 60
        while RawHost.now() < end && (access(hostPath, F_OK) != 0 || access(socketPath, F_OK) != 0) { sleepSeconds(0.025) }
        guard access(hostPath, F_OK) == 0, access(socketPath, F_OK) == 0 else {
            stopped = true
            process.signal(SIGKILL)
            let result = process.wait()
            throw DocumentedFailure("swiveld made no \(socketPath) within 60 s (status \(result.status)): \(result.standardError)")
        }
    }

    private var stopped = false

    func stop() -> Subprocess.Result {
        stopped = true
        process.signal(SIGTERM)
        return process.wait()
    }

    /// A test that threw before `stop` leaves no daemon behind.
    deinit {
        guard !stopped else { return }
        process.signal(SIGKILL)
        _ = process.wait()
    }
}
