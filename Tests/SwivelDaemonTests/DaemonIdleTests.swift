#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SwivelBoard
import SwivelCore
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// Issue 24, §2, through the built daemon on the simulated board: after the
/// last host leaves with a clean BYE the stand stops, and `idleTimeoutSeconds`
/// later its drivers are released; MOTION_STATE, GET_STATE and `swivelctl
/// status` say so. On main the drivers held until the daemon was stopped and
/// no host could see it.
@Suite(.serialized) struct DaemonIdleTests {
    /// sim.json5 with a 1 s idle timeout, in `directory`.
    static func board(in directory: TemporaryDirectory) throws -> String {
        let text = try BoardFileReader.read(DaemonTests.simBoard)
        guard text.contains("\n{\n") else { throw DocumentedFailure("sim.json5 has no top-level object") }
        return try directory.writeFile("idle.json5", text.replacing("\n{\n", with: "\n{\n  idleTimeoutSeconds: 1,\n", maxReplacements: 1))
    }

    func docked(_ channel: FileChannel, name: String) throws -> RawHost {
        let host = RawHost(channel: channel)
        guard case .identity? = try host.call(.hello(Hello(clientName: name))) else { throw DocumentedFailure("no IDENTITY") }
        host.keepAlive = true
        return host
    }

    static func motionStates(_ host: RawHost) -> [MotionStateReport] {
        host.inbox.compactMap { entry -> MotionStateReport? in
            if case .motionState(let state) = entry.message { return state }
            return nil
        }
    }

    @Test func afterByeTheDriversAreReleasedAfterTheTimeoutAndEveryClientSaysSo() throws {
        let directory = try TemporaryDirectory()
        let daemon = try TestDaemon(tag: "idle", board: try Self.board(in: directory))
        defer { _ = daemon.stop() }

        let mover = try docked(try UnixSocket.connect(path: daemon.socketPath), name: "mover")
        #expect(try mover.call(.setSystemTracking(enabled: false))?.isAck == true)
        #expect(try mover.call(.setAngularVelocity(Vector3(pitch: 0.2, yaw: 0.5)))?.isAck == true)
        try mover.pump(standSeconds: 0.3)
        #expect(try mover.state()?.enabledDriverAxes == .all)
        #expect(Self.motionStates(mover).last?.enabledDriverAxes == .all)
        // A clean BYE from the last host: the stand stops and holds.
        #expect(try mover.call(.bye)?.isAck == true)
        mover.channel.close()

        // A host that only reads (GET_STATE, heartbeats, telemetry) does not keep them on.
        let reader = try docked(try UnixSocket.connect(path: daemon.socketPath), name: "reader")
        var reports: [StateReport] = []
        let end = RawHost.now() + 30
        while RawHost.now() < end {
            if let report = try reader.state() { reports.append(report) }
            if reports.last?.enabledDriverAxes.isEmpty == true { break }
            try reader.pump(seconds: 0.1)
        }
        let released = try #require(reports.last)
        #expect(released.enabledDriverAxes.isEmpty, "GET_STATE: \(released.enabledDriverAxes)")
        #expect(released.faultCause == .none)
        #expect(reports.first?.enabledDriverAxes == .all, "held right after the stop")
        try reader.pump(seconds: 0.2)
        #expect(Self.motionStates(reader).last?.enabledDriverAxes.isEmpty == true)
        #expect(Self.motionStates(reader).contains { $0.enabledDriverAxes == .all })

        // swivelctl status says so too, in words and in JSON.
        let status = try Subprocess.run(DaemonLinkTests.swivelctl, ["--socket", daemon.socketPath, "status"])
        #expect(status.status == 0, "\(status.standardError)")
        #expect(status.standardOutput.contains("drivers:          released"), "\(status.standardOutput)")
        let json = try Subprocess.run(DaemonLinkTests.swivelctl, ["--socket", daemon.socketPath, "status", "--json"])
        #expect(json.standardOutput.contains(#""driversEnabled":[]"#), "\(json.standardOutput)")
        #expect(json.standardOutput.contains(#""fault":null"#), "\(json.standardOutput)")

        // The next motion, from a host that docks now, enables them again. (The
        // reader was silent while swivelctl ran: under ThreadSanitizer that
        // outlasts the 1 s heartbeat timeout, and the stand rightly undocked it.)
        let next = try docked(try UnixSocket.connect(path: daemon.socketPath), name: "next")
        #expect(try next.call(.setSystemTracking(enabled: false))?.isAck == true)
        #expect(try next.call(.setAngularVelocity(Vector3(yaw: -0.3)))?.isAck == true)
        try next.pump(standSeconds: 0.2)
        #expect(try next.state()?.enabledDriverAxes == .all)
        let moving = try Subprocess.run(DaemonLinkTests.swivelctl, ["--socket", daemon.socketPath, "status"])
        #expect(moving.standardOutput.contains("drivers:          enabled"), "\(moving.standardOutput)")
    }
}
