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

/// GESTURE through the built swiveld: bytes into its vision pty, DOCK_STATE
/// and ACCESSORY_EVENT out of its socket, and `swivelctl events` printing it.
@Suite(.serialized) struct DaemonGestureTests {
    static let swivelctl: String = {
        var parts = DaemonTests.swiveld.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/swivelctl"
    }()

    /// The simulated board with `vision.gestures` set as given, in a file of its own.
    static func board(gestures: Bool) throws -> String {
        let original = readText(DaemonTests.simBoard)
        guard original.contains("gestures: false,") else { throw DocumentedFailure("sim.json5 no longer says gestures: false") }
        let path = "/tmp/swivel-gesture-board-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json5"
        try writeText(original.replacing("gestures: false,", with: "gestures: \(gestures),"), to: path)
        return path
    }

    func docked(_ channel: FileChannel) throws -> RawHost {
        let host = RawHost(channel: channel)
        guard case .identity(let identity)? = try host.call(.hello(Hello(clientName: "gesture-tests"))) else {
            throw DocumentedFailure("no IDENTITY")
        }
        #expect(identity.capabilities.contains(.accessoryEvents))
        host.keepAlive = true
        return host
    }

    func openVision(_ daemon: TestDaemon) throws -> RawHost {
        let end = RawHost.now() + 10
        while RawHost.now() < end && access(daemon.visionPath, F_OK) != 0 { sleepSeconds(0.025) }
        return RawHost(channel: try SerialPort.open(path: daemon.visionPath, baudRate: 921_600))
    }

    static let palm = HostMessage.gesture(Gesture(kind: .openPalm, confidence: 0.9))

    @Test func anOpenPalmOnTheVisionPtyTogglesTrackingAndSwivelctlPrintsIt() throws {
        let path = try Self.board(gestures: true)
        defer { unlink(path) }
        let daemon = try TestDaemon(tag: "gesture", board: path)
        defer { _ = daemon.stop() }
        let host = try docked(try UnixSocket.connect(path: daemon.socketPath))
        let vision = try openVision(daemon)
        #expect(try host.state()?.systemTrackingEnabled == true)

        // Two swivelctls join the host session (no reset: a host is docked) and wait for one event each.
        let events = try ["", "--json"].map { json in
            try Subprocess.launch(
                "/usr/bin/timeout", ["30", Self.swivelctl, "events", "--count", "1"] + (json.isEmpty ? [] : [json]),
                environment: ["SWIVEL_SOCKET": daemon.socketPath])
        }
        let end = RawHost.now() + 20
        while RawHost.now() < end, (try host.state()?.dockedSessions ?? 0) < 3 { try host.pump(seconds: 0.05) }
        #expect(try host.state()?.dockedSessions == 3, "both swivelctls docked")

        #expect(try vision.call(Self.palm)?.isAck == true)
        try host.pump(seconds: 0.3)
        let telemetry = host.inbox.map(\.message).filter {
            switch $0 {
            case .dockState(let dock): dock.trackingButtonEnabled
            case .accessoryEvent: true
            default: false
            }
        }
        #expect(telemetry == [
            .dockState(DockState(docked: true, systemTrackingEnabled: false, trackingButtonEnabled: true)),
            .accessoryEvent(.gesture(.openPalm)),
        ])
        #expect(try host.state()?.systemTrackingEnabled == false)
        // The host may drive now, as after the tracking button.
        #expect(try host.call(.setAngularVelocity(Vector3(yaw: 0.2)))?.isAck == true)
        #expect(try host.call(.stop)?.isAck == true)

        let printed = events.map { $0.wait() }
        #expect(printed.map(\.status) == [0, 0], "stderr: \(printed.map(\.standardError))")
        #expect(printed[0].standardOutput == "gesture(openPalm)\n")
        #expect(printed[1].standardOutput == "{\"event\":\"gesture\",\"gesture\":\"openPalm\"}\n")

        // A host's GESTURE is refused whatever the board says.
        #expect(try host.call(Self.palm)?.errorCode == .notSupported)
        #expect(try host.state()?.systemTrackingEnabled == false)
        #expect(try vision.call(Self.palm)?.isAck == true)
        #expect(try host.state()?.systemTrackingEnabled == true)
    }

    @Test func withGesturesOffTheDaemonRefusesItAndNothingChanges() throws {
        let path = try Self.board(gestures: false)
        defer { unlink(path) }
        let daemon = try TestDaemon(tag: "gesture-off", board: path)
        defer { _ = daemon.stop() }
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try host.call(.hello(Hello(clientName: "gesture-tests"))) != nil)
        host.keepAlive = true
        let vision = try openVision(daemon)
        let reply = try vision.call(Self.palm)
        guard case .error(let error)? = reply else {
            Issue.record("expected ERR, got \(String(describing: reply))")
            return
        }
        #expect(error.code == .notSupported)
        #expect(error.reason == "gestures are off on this board (vision.gestures)")
        try host.pump(seconds: 0.3)
        #expect(try host.state()?.systemTrackingEnabled == true)
        #expect(!host.inbox.contains { if case .accessoryEvent = $0.message { true } else { false } })
    }
}
