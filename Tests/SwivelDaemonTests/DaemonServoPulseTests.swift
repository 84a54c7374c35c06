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

/// SET_SERVO_PULSE through the built swiveld on boards/sim-pca9685.json5: the
/// width reaches the simulated PCA9685's registers past the angle limits (the
/// exit summary lists the pulses the simulated servo read from the chip),
/// MOTION_STATE reports it, refusals carry their reasons, and the stand's
/// physical model ran (it did not on the base commit: "0 integration steps").
@Suite(.serialized) struct DaemonServoPulseTests {
    static let board = BoardFixtures.boardsDirectory + "/sim-pca9685.json5"

    static func lastMotionState(_ host: RawHost) -> MotionStateReport? {
        host.inbox.reversed().lazy.compactMap { entry -> MotionStateReport? in
            if case .motionState(let state) = entry.message { return state }
            return nil
        }.first
    }

    @Test func aJogReachesTheChipAndItsServoPastTheAngleLimits() throws {
        let daemon = try TestDaemon(tag: "servo-pulse", board: Self.board)
        defer { _ = daemon.stop() }
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try host.call(.hello(Hello(clientName: "servo-pulse-tests"))) != nil)
        host.keepAlive = true
        // System tracking owns the stand at the start of a session.
        guard case .error(let tracking)? = try host.call(.setServoPulse(axis: .yaw, pulseMicroseconds: 540)) else {
            Issue.record("a jog while system tracking is on was not refused")
            return
        }
        #expect(tracking.code == .systemTrackingActive)
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        // Outside the safe range: refused naming the axis and the value, before it reaches the stand.
        guard case .error(let wide)? = try host.call(.setServoPulse(axis: .yaw, pulseMicroseconds: 2600)) else {
            Issue.record("2600 µs was not refused")
            return
        }
        #expect(wide.code == .invalidParameter && wide.axis == .yaw && wide.value == 2600, "\(wide)")
        #expect(wide.reason.contains("500...2500 µs"), "\(wide.reason)")
        guard case .error(let roll)? = try host.call(.setServoPulse(axis: .roll, pulseMicroseconds: 1500)) else {
            Issue.record("a jog on an axis the stand lacks was not refused")
            return
        }
        #expect(roll.code == .notSupportedByDevice)

        // Yaw's limits end at -1.4 rad, a 609 µs pulse: 540 µs lies past them.
        #expect(try host.call(.setServoPulse(axis: .yaw, pulseMicroseconds: 540))?.isAck == true)
        try host.pump(standSeconds: 0.5)
        let jogging = try #require(Self.lastMotionState(host))
        #expect(jogging.servoPulseMicroseconds == PerAxis(pitch: 0, yaw: 540, roll: 0))
        #expect(jogging.positions.yaw == Float(-1.4).asDouble, "held at the limit: \(jogging.positions.yaw)")
        #expect(jogging.enabledDriverAxes.contains(.yaw))

        // The next motion command ends the jog.
        #expect(try host.call(.stop)?.isAck == true)
        try host.pump(standSeconds: 0.3)
        #expect(Self.lastMotionState(host)?.servoPulseMicroseconds == PerAxis(repeating: 0))

        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let summary = result.standardOutput
        // What the simulated servo read from the chip: 540 µs to one of the chip's 4.9 µs counts,
        // narrower than any pulse yaw's angle limits allow (609 µs).
        let prefix = "simulated PCA9685 channel 0 (yaw): pulses "
        let line = try #require(summary.split(separator: "\n").first { $0.contains(prefix) }, "\(summary)")
        let narrowest = try #require(Double(line.split(separator: " ").first { $0.contains("...") }?.split(separator: ".").prefix(2).joined(separator: ".") ?? ""))
        #expect(abs(narrowest - 540) <= 4.9, "\(line)")
        // Released at exit: the chip sends the servos no pulse.
        #expect(summary.contains("µs, off at the end"), "\(summary)")
        #expect(!summary.contains("simulation: 0 integration steps"), "\(summary)")
        #expect(summary.contains("motor faults 0"), "\(summary)")
    }

    /// The host that jogged vanishes (its socket closed, no BYE): the session
    /// ends, and with it the jog; the next host finds the servo on its angle.
    @Test func aLostLinkEndsTheJog() throws {
        let daemon = try TestDaemon(tag: "servo-pulse-lost", board: Self.board)
        defer { _ = daemon.stop() }
        let jogger = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try jogger.call(.hello(Hello(clientName: "jogger"))) != nil)
        jogger.keepAlive = true
        #expect(try jogger.call(.setSystemTracking(enabled: false))?.isAck == true)
        #expect(try jogger.call(.setServoPulse(axis: .pitch, pulseMicroseconds: 2400))?.isAck == true)
        try jogger.pump(standSeconds: 0.2)
        #expect(Self.lastMotionState(jogger)?.servoPulseMicroseconds.pitch == 2400)
        jogger.channel.close()
        // The jog ends when the LAST docked host leaves: a host that docked
        // before the daemon read the close would keep the session, and the
        // jog with it (a clean-clone run saw exactly that). The link thread
        // reads a closed socket within a poll round; give it half a second.
        usleep(500_000)

        let next = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try next.call(.hello(Hello(clientName: "next"))) != nil)
        next.keepAlive = true
        try next.pump(standSeconds: 0.3)
        let state = try #require(Self.lastMotionState(next))
        #expect(state.servoPulseMicroseconds == PerAxis(repeating: 0))
        // Pitch is inverted: 2400 µs asks for -1.41 rad, past its -0.6 limit, so it was held there and stays.
        #expect(abs(state.positions.pitch + 0.6) < 1e-6, "\(state.positions.pitch)")
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("host link: 2 sessions"), "\(result.standardOutput)")
    }
}

private extension Float {
    var asDouble: Double { Double(self) }
}
