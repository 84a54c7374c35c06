import SwivelBoard
import SwivelHardware
import SwivelProtocol
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Buttons and batteries through the hub, in virtual time: what a docked host
/// receives, and what the tracking button does to the mode.
@Suite struct LinkAccessoriesTests {
    /// The harness with the simulated board's buttons and batteries attached, as the daemon attaches them.
    static func harness(_ edit: (inout Board) -> Void = { _ in }) throws -> (LinkHarness, SimulatedAccessories) {
        var board = try BoardFixtures.load("sim.json5")
        edit(&board)
        let h = try LinkHarness(board: board)
        let simulated = try SimulatedAccessories(board: board, clock: h.virtual.clock)
        h.hub.accessories = simulated.accessories
        return (h, simulated)
    }

    static func events(_ messages: [AccessoryMessage]) -> [AccessoryEvent] {
        messages.compactMap { if case .accessoryEvent(let event) = $0 { event } else { nil } }
    }

    static func batteries(_ messages: [AccessoryMessage]) -> [BatteryState] {
        messages.compactMap { if case .batteryState(let state) = $0 { state } else { nil } }
    }

    static func dockStates(_ messages: [AccessoryMessage]) -> [DockState] {
        messages.compactMap { if case .dockState(let state) = $0 { state } else { nil } }
    }

    @Test func aDockingHostLearnsEveryBattery() throws {
        let (h, _) = try Self.harness()
        let first = h.dockedSession(name: "first")
        h.run(seconds: 0.1)
        // The wire carries the level as an f32.
        let expected = [
            BatteryState(name: "main", level: Double(Float(0.8)), chargeState: .notCharging, lowBattery: false),
            BatteryState(name: "grip", level: Double(Float(0.6)), chargeState: .charging, lowBattery: false),
        ]
        #expect(Self.batteries(h.telemetry(on: first)) == expected)
        // A host docking later gets them with its HELLO, before any change.
        let second = h.connect()
        h.send(.hello(Hello(clientName: "second")), from: second)
        #expect(Self.batteries(h.telemetry(on: second)) == expected)
        h.run(seconds: 2)
        #expect(Self.batteries(h.telemetry(on: first)) == expected, "nothing changed: nothing more is sent")
    }

    @Test func aDrainingBatteryIsSentOncePerPercent() throws {
        // 36 per hour: one percent a second, so virtual time shows it quickly.
        let (h, simulated) = try Self.harness { $0.simulation?.batteries[0].drainPerHour = 36 }
        let id = h.dockedSession()
        h.run(seconds: 3.5)
        let main = Self.batteries(h.telemetry(on: id)).filter { $0.name == "main" }
        #expect(main.map(\.level).map { ($0 * 100).rounded() } == [80, 79, 78, 77])
        #expect(main.allSatisfy { $0.chargeState == .notCharging && !$0.lowBattery })
        // The grip battery is pulled out: "no battery here" until it returns.
        simulated.powerSupply.removed.insert("grip")
        h.run(seconds: 1)
        #expect(Self.batteries(h.telemetry(on: id)).last(where: { $0.name == "grip" })
            == BatteryState(name: "grip", level: 0, chargeState: .notChargeable, lowBattery: false))
        simulated.powerSupply.removed.remove("grip")
        h.run(seconds: 1)
        #expect(Self.batteries(h.telemetry(on: id)).last(where: { $0.name == "grip" })?.chargeState == .charging)
    }

    @Test func aBouncyShutterPressIsOneEvent() throws {
        let (h, simulated) = try Self.harness()
        let id = h.dockedSession()
        // The contact bounces for a millisecond on the way down and on the way up.
        for (offset, pressed) in [(0, true), (200_000, false), (400_000, true), (900_000, false), (1_000_000, true)] {
            try simulated.press("shutter", pressed, at: h.now.advanced(byNanoseconds: Int64(offset)))
        }
        h.run(seconds: 0.1)
        #expect(Self.events(h.telemetry(on: id)) == [.cameraShutter])
        for (offset, pressed) in [(0, false), (300_000, true), (600_000, false)] {
            try simulated.press("shutter", pressed, at: h.now.advanced(byNanoseconds: Int64(offset)))
        }
        h.run(seconds: 0.1)
        #expect(Self.events(h.telemetry(on: id)) == [.cameraShutter], "a release sends nothing for the shutter")
    }

    @Test func aGlitchIsNoPress() throws {
        let (h, simulated) = try Self.harness()
        let id = h.dockedSession()
        try simulated.press("shutter", true, at: h.now)
        try simulated.press("shutter", false, at: h.now.advanced(byNanoseconds: 3_000_000))
        h.run(seconds: 0.1)
        #expect(Self.events(h.telemetry(on: id)).isEmpty)
    }

    @Test func theTrackingButtonTogglesSystemTracking() throws {
        let (h, simulated) = try Self.harness()
        let id = h.dockedSession()
        #expect(h.hub.statistics.systemTrackingEnabled)
        try simulated.press("tracking", true, at: h.now)
        h.run(seconds: 0.05)
        try simulated.press("tracking", false, at: h.now)
        h.run(seconds: 0.05)
        #expect(!h.hub.statistics.systemTrackingEnabled)
        #expect(Self.dockStates(h.telemetry(on: id)).last
            == DockState(docked: true, systemTrackingEnabled: false, trackingButtonEnabled: true))
        // Manual control is the host's now, as after setSystemTrackingEnabled(false).
        #expect(h.call(.setAngularVelocity(.init(pitch: 0, yaw: 0.1, roll: 0)), on: id)?.isAck == true)
        try simulated.press("tracking", true, at: h.now)
        h.run(seconds: 0.05)
        #expect(h.hub.statistics.systemTrackingEnabled)
        #expect(h.call(.setAngularVelocity(.init(pitch: 0, yaw: 0.1, roll: 0)), on: id)?.errorCode == .systemTrackingActive)
        #expect(Self.dockStates(h.telemetry(on: id)).filter(\.trackingButtonEnabled).map(\.systemTrackingEnabled) == [false, true])
        #expect(Self.events(h.telemetry(on: id)).isEmpty, "the tracking button is a mode change, not an accessory event")
    }

    @Test func buttonIDsSendPressAndReleaseAndZoomOutIsNegative() throws {
        let (h, simulated) = try Self.harness { board in
            board.buttons = [
                .init(name: "custom", line: 20, action: .button(id: 7), activeLow: false, bias: .pullDown, debounceMilliseconds: 5),
                .init(name: "out", line: 21, action: .cameraZoomOut(factor: 1.25), activeLow: true, bias: .pullUp, debounceMilliseconds: 0),
                .init(name: "in", line: 12, action: .cameraZoomIn(factor: 2), activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
                .init(name: "flip", line: 4, action: .cameraFlip, activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
            ]
        }
        let id = h.dockedSession()
        for name in ["custom", "out", "in", "flip"] {
            try simulated.press(name, true, at: h.now)
            h.run(seconds: 0.05)
            try simulated.press(name, false, at: h.now)
            h.run(seconds: 0.05)
        }
        #expect(Self.events(h.telemetry(on: id)) == [
            .button(id: 7, pressed: true), .button(id: 7, pressed: false), .cameraZoom(factor: -1.25),
            .cameraZoom(factor: 2), .cameraFlip,
        ])
    }

    @Test func anUndockedStandSendsNoEventsButStillToggles() throws {
        let (h, simulated) = try Self.harness()
        let idle = h.connect()
        try simulated.press("shutter", true, at: h.now)
        try simulated.press("tracking", true, at: h.now)
        h.run(seconds: 0.05)
        #expect(h.telemetry(on: idle).isEmpty)
        #expect(!h.hub.statistics.systemTrackingEnabled)
        // A host docking starts a host session with system tracking on, as DockKit does.
        let id = h.dockedSession()
        #expect(h.hub.statistics.systemTrackingEnabled)
        #expect(Self.dockStates(h.telemetry(on: id)).first?.systemTrackingEnabled == true)
    }
}
