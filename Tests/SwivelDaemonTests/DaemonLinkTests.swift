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

/// The built swiveld on the simulated board, driven over its real pty and its
/// Unix socket in real time, by a host that speaks the raw protocol.
@Suite(.serialized) struct DaemonLinkTests {
    typealias Daemon = TestDaemon

    func docked(_ channel: FileChannel) throws -> RawHost {
        let host = RawHost(channel: channel)
        let reply = try host.call(.hello(Hello(clientName: "daemon-link-tests")))
        guard case .identity(let identity)? = reply else {
            throw DocumentedFailure("no IDENTITY, got \(String(describing: reply))")
        }
        #expect(identity.name == "Swivel Simulated Stand")
        #expect(identity.hardwareModel == "swivel-sim-1")
        #expect(identity.category == .trackingStand)
        #expect(identity.axes == .all)
        host.keepAlive = true
        return host
    }

    @Test func aHostOnThePtyMovesTheSimulatedYaw() throws {
        let daemon = try Daemon(tag: "pty")
        let host = try docked(try SerialPort.open(path: daemon.hostPath, baudRate: 921_600))
        let orientation = HostMessage.setOrientation(OrientationRequest(target: .angles(Vector3(yaw: 0.5)), durationSeconds: 1, relative: false))
        #expect(try host.call(orientation)?.errorCode == .systemTrackingActive)
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        let receipt = try #require(try host.call(orientation)?.receipt)
        // In the stand's time (a loaded machine's daemon runs slower than the
        // clock); RawHost keeps the session alive meanwhile.
        try host.pump(standSeconds: 1.2)
        #expect(try host.call(.heartbeat)?.isAck == true)
        let state = try #require(try host.state())
        #expect(abs(state.positions.yaw - 0.5) < 0.002)
        #expect(state.lastProgress?.requestID == receipt.requestID)
        #expect(state.lastProgress?.state == .finished)
        // Telemetry arrived all along.
        let motionStates = host.inbox.filter { if case .motionState = $0.message { true } else { false } }
        #expect(motionStates.count > 40)
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(access(daemon.hostPath, F_OK) != 0, "the pty link is removed on exit")
        #expect(access(daemon.socketPath, F_OK) != 0, "the socket is removed on exit")
    }

    @Test func theDecoderSurvivesACorruptStreamOverThePty() throws {
        let daemon = try Daemon(tag: "corrupt")
        defer { _ = daemon.stop() }
        let host = try docked(try SerialPort.open(path: daemon.hostPath, baudRate: 921_600))
        func heartbeatGetsItsAck(_ prefix: [UInt8], split: Bool = false) throws -> Bool {
            host.sequence &+= 1
            let seq = host.sequence
            let frame = prefix + WireFrame.encode(.heartbeat, sequence: seq)
            if split {
                for byte in frame { try host.write([byte]) }
            } else {
                try host.write(frame)
            }
            return try host.awaitReply(to: seq)?.isAck == true
        }
        // One byte per write.
        #expect(try heartbeatGetsItsAck([], split: true))
        // Garbage, ended by a delimiter.
        #expect(try heartbeatGetsItsAck([0x13, 0x37, 0xFE, 0x42, 0x00]))
        // A truncated frame followed by a valid one.
        let truncated = Array(WireFrame.encode(.getState, sequence: 1).prefix(4)) + [0x00]
        #expect(try heartbeatGetsItsAck(truncated))
        // Zero-length frames.
        #expect(try heartbeatGetsItsAck([0x00, 0x00, 0x00]))
        // An oversize frame: 3000 non-zero bytes, then a delimiter.
        #expect(try heartbeatGetsItsAck([UInt8](repeating: 0x55, count: 3000) + [0x00]))
        // Many frames in one write.
        var burst: [UInt8] = []
        var sequences: [UInt16] = []
        for _ in 0..<20 {
            host.sequence &+= 1
            sequences.append(host.sequence)
            burst += WireFrame.encode(.heartbeat, sequence: host.sequence)
        }
        try host.write(burst)
        for seq in sequences { #expect(try host.awaitReply(to: seq)?.isAck == true) }
    }

    @Test func socketSessionsShareTheStandAndTheLastOneOutStopsIt() throws {
        let daemon = try Daemon(tag: "socket")
        defer { _ = daemon.stop() }
        let app = try docked(try UnixSocket.connect(path: daemon.socketPath))
        let watcher = try docked(try UnixSocket.connect(path: daemon.socketPath))
        #expect(try app.call(.setSystemTracking(enabled: false))?.isAck == true)
        #expect(try app.call(.setAngularVelocity(Vector3(yaw: 0.4)))?.isAck == true)
        try watcher.pump(seconds: 0.3)
        let seen = watcher.inbox.compactMap { entry -> MotionStateReport? in
            if case .motionState(let state) = entry.message { return state }
            return nil
        }
        #expect(seen.last.map { abs($0.velocities.yaw - 0.4) < 1e-6 } == true, "the watcher sees the app's motion")
        #expect(try watcher.state()?.dockedSessions == 2)
        // The app leaves: the watcher's session keeps the host session (and its motion) going.
        app.channel.close()
        try watcher.pump(seconds: 0.2)
        #expect(try watcher.state()?.systemTrackingEnabled == false)
        // The last one leaves: the stand decelerates to rest (0.4 rad/s stops
        // within 0.01 rad at 12 rad/s²) instead of turning on for 0.32 rad.
        let leftAt = try #require(try watcher.state()).positions.yaw
        watcher.channel.close()
        sleepSeconds(0.8)
        let observer = try docked(try UnixSocket.connect(path: daemon.socketPath))
        let state = try #require(try observer.state())
        #expect(state.positions.yaw - leftAt < 0.05, "moved \(state.positions.yaw - leftAt) rad after the last host left")
        #expect(state.velocities.yaw == 0)
        #expect(state.systemTrackingEnabled)
    }
}

extension DaemonLinkTests {
    static let swivelctl = String(DaemonTests.swiveld.dropLast("swiveld".count)) + "swivelctl"

    /// The acceptance script, against the real daemon: over the socket,
    /// then over the pty with --port, while a watcher runs.
    @Test func swivelctlDrivesTheRealDaemonOverTheSocketAndThePty() throws {
        let daemon = try Daemon(tag: "ctl")
        defer { _ = daemon.stop() }
        // 100 reports at 50 Hz outlast the shell's start and its 1 s move; a
        // sanitized swivelctl starts ten times more slowly (Sanitizers.slowdown).
        let watchCount = Int(100 * Sanitizers.slowdown)
        let watch = try Subprocess.launch(Self.swivelctl, ["--socket", daemon.socketPath, "watch", "--count", "\(watchCount)"])
        let script = "tracking off\nmove --yaw 0.5 --duration 1 --wait\nstatus --json\n"
        let shell = try Subprocess.run(Self.swivelctl, ["--socket", daemon.socketPath, "shell"], input: script)
        #expect(shell.status == 0, "stderr: \(shell.standardError)")
        let status = try #require(shell.standardOutput.split(separator: "\n").last)
        #expect(status.contains("\"systemTracking\":false"))
        #expect(Self.yaw(in: status).map { abs($0 - 0.5) < 0.002 } == true, "\(status)")
        let watched = watch.wait()
        #expect(watched.status == 0, "stderr: \(watched.standardError)")
        #expect(watched.standardOutput.split(separator: "\n").count == watchCount)
        #expect(watched.standardOutput.contains("yaw +0.49"), "the watcher saw the move")

        // Over the serial link (the pty), as a phone bridge would be.
        let serial = try Subprocess.run(
            Self.swivelctl, ["--port", daemon.hostPath, "shell"],
            input: "tracking off\nmove --yaw -0.25 --duration 0.5 --wait\nstatus --json\n")
        #expect(serial.status == 0, "stderr: \(serial.standardError)")
        let serialStatus = try #require(serial.standardOutput.split(separator: "\n").last)
        #expect(Self.yaw(in: serialStatus).map { abs($0 + 0.25) < 0.002 } == true, "\(serialStatus)")
    }

    /// positions.yaw out of swivelctl's status JSON.
    static func yaw(in json: Substring) -> Double? {
        guard let positions = json.firstRange(of: "\"positions\":") else { return nil }
        let rest = json[positions.upperBound...]
        guard let key = rest.firstRange(of: "\"yaw\":") else { return nil }
        return Double(rest[key.upperBound...].prefix { "-+.0123456789eE".contains($0) })
    }
}

struct DocumentedFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
