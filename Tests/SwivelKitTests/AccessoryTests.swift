import SwivelProtocol
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// The simulated board's own buttons and batteries (not injected telemetry)
/// reach SwivelKit's streams through the real hub.
@Suite(.serialized, .hangGuard) struct AccessoryTests {
    @Test func batteryStatesStartWithEveryBattery() async throws {
        let rig = try await Rig.docked()
        var batteries = rig.session.batteryStates.makeAsyncIterator()
        var seen: [StandSession.BatteryReading] = []
        while seen.count < 2, let state = await batteries.next() { seen.append(state) }
        try #require(seen.map(\.name) == ["main", "grip"])
        // The pump's virtual clock has run since it started: main drains from 0.8, grip charges from 0.6.
        #expect((0.75...0.8001).contains(seen[0].level), "\(seen)")
        #expect((0.5999...0.65).contains(seen[1].level), "\(seen)")
        #expect(seen.allSatisfy { !$0.lowBattery })
    }

    /// The stand sends every battery right after IDENTITY, before SwivelKit has
    /// made the session (it asks GET_STATE first): those states must not be
    /// lost. At real speed no battery changes by 1% for over a minute, so only
    /// the states sent at dock can arrive here.
    @Test func theStatesSentAtDockAreKept() async throws {
        let rig = try await Rig.docked(speed: 1)
        let level = rig.pump.inspect { hub, _ in hub.accessories.batteries?.current.map(\.level) ?? [] }
        try #require(level.count == 2)
        var batteries = rig.session.batteryStates.makeAsyncIterator()
        var seen: [StandSession.BatteryReading] = []
        while seen.count < 2, let state = await batteries.next() { seen.append(state) }
        #expect(seen.map(\.name) == ["main", "grip"])
        #expect(zip(seen.map(\.level), level).allSatisfy { abs($0 - $1) < 0.01 })
    }

    @Test func theShutterButtonReachesAccessoryEvents() async throws {
        let rig = try await Rig.docked()
        var events = rig.session.accessoryEvents.makeAsyncIterator()
        try rig.pump.press("shutter")
        await rig.pump.advance(bySeconds: 0.05)
        try rig.pump.press("shutter", false)
        #expect(await events.next() == .cameraShutter)
    }

    @Test func theTrackingButtonIsAStateChange() async throws {
        let rig = try await Rig.docked()
        var changes = rig.connection.sessionChanges.makeAsyncIterator()
        #expect(await changes.next()?.byTrackingButton == false, "the docked state comes first")
        try rig.pump.press("tracking")
        let change = await changes.next()
        #expect(change?.kind == .docked && change?.byTrackingButton == true)
        #expect(change?.session === rig.session)
        #expect(!rig.connection.isSystemTrackingEnabled)
    }
}
