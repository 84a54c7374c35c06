import FoundationEssentials
import SwivelProtocol
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// Telemetry the simulated stand does not produce yet (buttons, batteries,
/// tracking), injected by the pump, must reach the right stream intact.
@Suite(.serialized, .hangGuard) struct TelemetryTests {
    @Test func buttonEventsReachAccessoryEvents() async throws {
        let rig = try await Rig.docked()
        var events = rig.session.accessoryEvents.makeAsyncIterator()
        rig.pump.inject(.accessoryEvent(.button(id: 2, pressed: true)))
        rig.pump.inject(.accessoryEvent(.button(id: 2, pressed: false)))
        rig.pump.inject(.accessoryEvent(.cameraZoom(factor: -0.5)))
        rig.pump.inject(.accessoryEvent(.cameraShutter))
        var received: [StandSession.StandEvent] = []
        for _ in 0..<4 { if let event = await events.next() { received.append(event) } }
        #expect(received == [.button(id: 2, pressed: true), .button(id: 2, pressed: false), .cameraZoom(factor: -0.5), .cameraShutter])
    }

    @Test func aZoomFactorFromTheWireIsShownAsTyped() async throws {
        let rig = try await Rig.docked()
        var events = rig.session.accessoryEvents.makeAsyncIterator()
        rig.pump.inject(.accessoryEvent(.cameraZoom(factor: Double(Float(1.1)))))
        let zoom = await events.next()
        #expect(zoom?.description == "cameraZoom(factor: 1.1)")
    }

    @Test func aGestureEventReachesAccessoryEvents() async throws {
        let rig = try await Rig.docked()
        var events = rig.session.accessoryEvents.makeAsyncIterator()
        rig.pump.inject(.accessoryEvent(.gesture(.openPalm)))
        rig.pump.inject(.accessoryEvent(.cameraShutter))
        let gesture = await events.next()
        #expect(gesture == .gesture(.openPalm))
        #expect(gesture?.description == "gesture(openPalm)")
        #expect(await events.next() == .cameraShutter)
    }

    @Test func eachBatteryKeepsItsName() async throws {
        let rig = try await Rig.docked()
        var batteries = rig.session.batteryStates.makeAsyncIterator()
        rig.pump.inject(.batteryState(BatteryState(name: "main", level: 0.75, chargeState: .charging, lowBattery: false)))
        rig.pump.inject(.batteryState(BatteryState(name: "grip", level: 0.125, chargeState: .notCharging, lowBattery: true)))
        // The simulated board's own two batteries come first (at dock, and as
        // they drain): skip to the injected states, which arrive in order.
        var main: StandSession.BatteryReading?
        var grip: StandSession.BatteryReading?
        for _ in 0..<16 where grip == nil {
            guard let state = await batteries.next() else { break }
            if state.name == "main", state.level == 0.75 { main = state }
            if state.name == "grip", state.level == 0.125 { grip = state }
        }
        #expect(main?.chargeState == .charging && main?.lowBattery == false)
        #expect(grip?.chargeState == .notCharging && grip?.lowBattery == true)
    }

    @Test func trackedSubjectsKeepTheirIdentityRectAndRanks() async throws {
        let rig = try await Rig.docked()
        var states = rig.session.trackingStates.makeAsyncIterator()
        let person = TrackingStateReport.Subject(
            uuid: StandPump.standUUID, kind: .person, rect: NormalizedRectLowerLeft(x: 0.375, y: 0.5, width: 0.25, height: 0.25),
            saliencyRank: 1, speakingConfidence: 0.75)
        let object = TrackingStateReport.Subject(
            uuid: .zero, kind: .object, rect: NormalizedRectLowerLeft(x: 0, y: 0, width: 0.5, height: 0.5), saliencyRank: nil)
        rig.pump.inject(.trackingState(TrackingStateReport(timeMicroseconds: 1_250_000, subjects: [person, object])))
        let state = try #require(await states.next())
        #expect(state.time == .milliseconds(1250))
        #expect(state.trackedSubjects.count == 2)
        let tracked = try #require(state.trackedSubjects.first)
        let thing = try #require(state.trackedSubjects.last)
        #expect(tracked.kind == .person && thing.kind == .object)
        #expect(tracked.identifier == UUID(uuidString: "5A1E0C3B-9D27-844F-A011-223344556677"))
        #expect(tracked.rect == person.rect)
        #expect(tracked.saliencyRank == 1)
        #expect(tracked.speakingConfidence == 0.75)
        #expect(tracked.lookingAtCameraConfidence == nil)
        #expect(thing.identifier == UUID(uuidString: "00000000-0000-0000-0000-000000000000"))
        #expect(thing.saliencyRank == nil)
    }

    @Test func theTrackingButtonIsAStateChangeOfItsOwn() async throws {
        let rig = try await Rig.docked(manual: true)
        var changes = rig.connection.sessionChanges.makeAsyncIterator()
        #expect(await changes.next()?.byTrackingButton == false)
        rig.pump.inject(.dockState(DockState(docked: true, systemTrackingEnabled: true, trackingButtonEnabled: true)))
        let change = await changes.next()
        #expect(change?.kind == .docked)
        #expect(change?.byTrackingButton == true)
        #expect(change?.session === rig.session)
    }
}
