#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// A scene's buttonPresses through the built swiveld on the simulated board:
/// `swivelctl events` prints them, so it no longer waits forever there.
@Suite(.serialized) struct DaemonButtonTests {
    /// scenes/still.json5's subject, with the shutter and button 1 pressed late
    /// enough for the test's hosts to have docked.
    static let scene = """
        {
          name: "presses",
          durationSec: 30,
          camera: { deviceType: "wideAngle", position: "front", orientation: "portrait", frameRateHz: 30,
                    latencyMs: 33, noiseSigma: 0.004, dropoutProbability: 0, seed: 4 },
          subjects: [{ id: 1, kind: "face", widthRad: 0.14, heightRad: 0.18, trajectory: [{ atSec: 0, yawRad: 0.1, pitchRad: 0 }] }],
          buttonPresses: [
            { atSec: 6, button: "shutter" },
            { atSec: 6.5, button: "one", holdSec: 0.3 },
          ],
        }
        """

    @Test func aScenesPressesReachSwivelctlEvents() throws {
        let path = "/tmp/swivel-presses-\(getpid()).json5"
        try writeText(Self.scene, to: path)
        defer { unlink(path) }
        let daemon = try TestDaemon(tag: "presses", arguments: ["--scene", path])
        defer { _ = daemon.stop() }
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try host.call(.hello(Hello(clientName: "button-tests"))) != nil)
        host.keepAlive = true
        let events = try Subprocess.launch(
            "/usr/bin/timeout", ["30", DaemonGestureTests.swivelctl, "events", "--count", "3", "--json"],
            environment: ["SWIVEL_SOCKET": daemon.socketPath])
        let end = RawHost.now() + 20
        while RawHost.now() < end, (try host.state()?.dockedSessions ?? 0) < 2 { try host.pump(seconds: 0.05) }
        #expect(try host.state()?.dockedSessions == 2, "swivelctl docked")
        // Pumped, so this host's heartbeats keep it docked while the presses come.
        func accessoryEvents() -> [AccessoryMessage] {
            host.inbox.map(\.message).filter { if case .accessoryEvent = $0 { true } else { false } }
        }
        let pressed = RawHost.now() + 20
        while RawHost.now() < pressed, accessoryEvents().count < 3 { try host.pump(seconds: 0.05) }

        let printed = events.wait()
        #expect(printed.status == 0, "stderr: \(printed.standardError)")
        #expect(printed.standardOutput == """
            {"event":"cameraShutter"}
            {"event":"button","id":1,"pressed":true}
            {"event":"button","id":1,"pressed":false}

            """)
        #expect(printed.standardError.isEmpty, "--count given: no streaming note")
        #expect(accessoryEvents() == [
            .accessoryEvent(.cameraShutter), .accessoryEvent(.button(id: 1, pressed: true)),
            .accessoryEvent(.button(id: 1, pressed: false)),
        ])
    }

    /// The factor crosses the wire as an f32: printed as Double it would read 1.100000023841858.
    @Test func aZoomFactorPrintsAsTyped() throws {
        let original = readText(DaemonTests.simBoard)
        let zoom = "{ name: \"zoomIn\", line: 20, action: \"cameraZoomIn\" }"
        guard original.contains(zoom) else { throw DocumentedFailure("sim.json5 no longer has \(zoom)") }
        let board = "/tmp/swivel-zoom-board-\(getpid()).json5"
        try writeText(original.replacing(zoom, with: "{ name: \"zoomIn\", line: 20, action: \"cameraZoomIn\", zoomFactor: 1.1 }"), to: board)
        defer { unlink(board) }
        let scene = "/tmp/swivel-zoom-\(getpid()).json5"
        try writeText(Self.scene.replacing("button: \"shutter\"", with: "button: \"zoomIn\""), to: scene)
        defer { unlink(scene) }
        let daemon = try TestDaemon(tag: "zoom", board: board, arguments: ["--scene", scene])
        defer { _ = daemon.stop() }
        let printed = try Subprocess.run(
            "/usr/bin/timeout", ["30", DaemonGestureTests.swivelctl, "events", "--count", "1"],
            environment: ["SWIVEL_SOCKET": daemon.socketPath])
        #expect(printed.status == 0, "stderr: \(printed.standardError)")
        #expect(printed.standardOutput == "cameraZoom(factor: 1.1)\n")
    }

    @Test func aSceneNamingAButtonTheBoardLacksIsRefused() throws {
        let path = "/tmp/swivel-presses-bad-\(getpid()).json5"
        try writeText(Self.scene.replacing("button: \"one\"", with: "button: \"two\""), to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(DaemonTests.swiveld, DaemonTests.isolated(["--board", DaemonTests.simBoard, "--scene", path]))
        #expect(result.status == 78)
        #expect(result.standardError.contains("buttonPresses[1].button: the board has no button 'two' (it has: shutter, tracking, flip, zoomIn, zoomOut, one)"))
    }
}
