#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// Issue 10, section 5: a second signal always takes the immediate path.
@Suite(.serialized) struct DaemonSignalTests {
    /// Two SIGTERMs 20 ms apart both arrived before the main thread's next
    /// poll (every 100 ms), were merged by the kernel into one pending signal,
    /// and the daemon decelerated and exited 0 as if sent one. Twice, since
    /// the old code took the second one whenever a poll fell between them.
    @Test(arguments: 0..<2) func aSecondSigtermTwentyMillisecondsLaterDisablesTheDriversAtOnce(_ run: Int) throws {
        let daemon = try DaemonLinkTests.Daemon(tag: "signals\(run)")
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        guard case .identity? = try host.call(.hello(Hello(clientName: "daemon-signal-tests"))) else {
            _ = daemon.stop()
            throw DocumentedFailure("no IDENTITY")
        }
        host.keepAlive = true
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        // Full speed: stopping from 3 rad/s at 12 rad/s² takes 0.25 s, longer than the 20 ms between signals.
        #expect(try host.call(.setAngularVelocity(Vector3(yaw: 3)))?.isAck == true)
        try host.pump(seconds: 0.5)
        daemon.process.signal(SIGTERM)
        sleepSeconds(0.02)
        daemon.process.signal(SIGTERM)
        let result = daemon.process.wait()
        #expect(result.status == 70, "stderr: \(result.standardError)")  // EX_SOFTWARE: the forced path
        #expect(result.standardError.contains("SIGTERM: decelerating to a stop"))
        #expect(result.standardError.contains("second signal: disabling the drivers without waiting"))
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket is removed on exit")
    }

    @Test func oneSignalStillDeceleratesAndExitsZero() throws {
        let daemon = try DaemonLinkTests.Daemon(tag: "onesignal")
        sleepSeconds(0.5)
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(!result.standardError.contains("second signal"))
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
    }
}

/// Issue 24, section 1: every terminating signal takes the safe path, the
/// halt is requested the instant the signal arrives, and start-up hears
/// signals too.
@Suite(.serialized) struct DaemonEverySignalTests {
    static func movingDaemon(tag: String) throws -> (TestDaemon, RawHost) {
        let daemon = try TestDaemon(tag: tag)
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        guard case .identity? = try host.call(.hello(Hello(clientName: "daemon-every-signal-tests"))) else {
            _ = daemon.stop()
            throw DocumentedFailure("no IDENTITY")
        }
        host.keepAlive = true
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        #expect(try host.call(.setAngularVelocity(Vector3(yaw: 0.5)))?.isAck == true)
        try host.pump(seconds: 0.3)
        return (daemon, host)
    }

    #if os(Linux)
    static let realtimeSignal = __libc_current_sigrtmin()
    #else
    static let realtimeSignal = SIGUSR2
    #endif

    /// SIGHUP (the terminal that ran `make run` closed), SIGUSR1 and SIGUSR2
    /// killed the daemon mid-motion within milliseconds: no deceleration,
    /// drivers left as they were, socket, pty link and lock left behind.
    @Test(arguments: [
        (SIGHUP, "SIGHUP"), (SIGUSR1, "SIGUSR1"), (SIGUSR2, "SIGUSR2"), (SIGQUIT, "SIGQUIT"), (SIGALRM, "SIGALRM"),
        (SIGPIPE, "SIGPIPE"), (realtimeSignal, "SIGRTMIN+0"),
    ])
    func aTerminatingSignalDeceleratesDisablesAndCleansUp(_ signal: Int32, _ name: String) throws {
        let (daemon, host) = try Self.movingDaemon(tag: "signal-\(signal)")
        daemon.process.signal(signal)
        guard let result = daemon.process.wait(timeoutSeconds: 20 * Sanitizers.slowdown) else {
            Issue.record("\(name): still running 20 s later")
            return
        }
        _ = host
        #expect(result.status == 0, "\(name): status \(result.status), stderr: \(result.standardError)")
        #expect(result.standardError.contains("\(name): decelerating to a stop"), "\(result.standardError)")
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket is removed")
        #expect(access(daemon.hostPath, F_OK) != 0, "the pty link is removed")
        #expect(access(daemon.hostPath + ".lock", F_OK) != 0, "the pty link's lock is removed")
    }

    /// SIGTERM waited for the main thread's next look (every 100 ms): a
    /// velocity command sent 10 ms after it was ACKed and sped yaw up from
    /// 0.5 to 1.05 rad/s before the stand braked. From the signal on, no
    /// command adds motion.
    @Test func aVelocityCommandRightAfterSigtermIsRefusedAndNothingSpeedsUp() throws {
        let (daemon, host) = try Self.movingDaemon(tag: "after-sigterm")
        let mark = host.inbox.count
        daemon.process.signal(SIGTERM)
        sleepSeconds(0.01)
        let reply = try host.call(.setAngularVelocity(Vector3(yaw: 1.05)))
        if case .error(let error)? = reply {
            #expect(error.code == .notConnected, "\(error)")
        } else {
            Issue.record("a velocity command 10 ms after SIGTERM was answered \(String(describing: reply))")
        }
        let end = RawHost.now() + 5
        while RawHost.now() < end, access(daemon.socketPath, F_OK) == 0, (try? host.pump(seconds: 0.05)) != nil {}
        let after = host.inbox[mark...].compactMap { entry -> Double? in
            if case .motionState(let state) = entry.message { Double(state.velocities.yaw) } else { nil }
        }
        #expect(after.allSatisfy { $0 <= 0.5 }, "yaw sped up after SIGTERM: \(after)")
        let result = daemon.process.wait(timeoutSeconds: 20 * Sanitizers.slowdown)
        #expect(result?.status == 0, "\(String(describing: result?.standardError))")
        // Counted in ticks, not timed: the signal thread's request is commanded by the tick
        // running then or the next, whose steps start one period after its deadline.
        let output = result?.standardOutput ?? ""
        let line = output.split(separator: "\n").first { $0.contains("halt requested during tick") } ?? ""
        let numbers = line.components(separatedBy: "tick ").dropFirst().compactMap { Int64(String($0.prefix { $0.isNumber })) }
        try #require(numbers.count == 2, "\(output)")
        #expect(numbers[1] - numbers[0] <= 1, "\(output)")
    }

    /// A FIFO at the state directory's `device-uuid` hung start-up in open(2),
    /// waiting for a writer, and SIGTERM did nothing until the loop ran.
    @Test func aFifoInPlaceOfTheUUIDFileIsRefusedWithoutWaiting() throws {
        let directory = "/tmp/swivel-fifo-state-\(getpid())"
        mkdir(directory, 0o755)
        defer {
            unlink(directory + "/device-uuid")
            rmdir(directory)
        }
        #expect(mkfifo(directory + "/device-uuid", 0o644) == 0)
        let process = try Subprocess.launch(
            DaemonTests.swiveld, DaemonTests.isolated(["--board", DaemonTests.simBoard, "--state-dir", directory, "--duration", "1"]))
        guard let result = process.wait(timeoutSeconds: 20 * Sanitizers.slowdown) else {
            process.signal(SIGKILL)
            _ = process.wait()
            Issue.record("start-up hung on the FIFO")
            return
        }
        #expect(result.status == 78, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("device-uuid: is not a regular file"), "\(result.standardError)")
    }

    /// Start-up blocked on a file (here a board file that is a FIFO nobody
    /// writes) still hears SIGTERM, and exits having touched nothing.
    @Test func sigtermDuringStartUpEndsIt() throws {
        let board = "/tmp/swivel-fifo-board-\(getpid()).json5"
        defer { unlink(board) }
        #expect(mkfifo(board, 0o644) == 0)
        let process = try Subprocess.launch(DaemonTests.swiveld, DaemonTests.isolated(["--board", board]))
        sleepSeconds(0.5)
        process.signal(SIGTERM)
        guard let result = process.wait(timeoutSeconds: 20 * Sanitizers.slowdown) else {
            process.signal(SIGKILL)
            _ = process.wait()
            Issue.record("SIGTERM during start-up was not heard")
            return
        }
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("SIGTERM during start-up: exiting before touching the hardware"), "\(result.standardError)")
    }
}
