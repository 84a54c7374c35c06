import SwivelDockKit
import Testing

extension DockKitSampleTests {
    @Test func theShutterButtonAndInjectedEventsReachTheSample() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let handling = Task { try await handleAccessoryEvents(accessory: accessory) }
        defer { handling.cancel() }
        // The stream is subscribed once the task runs; a press before would be missed.
        try await Task.sleep(for: .milliseconds(100))
        try stand.pump.press("shutter")
        try await eventually { sampleLog.snapshot.events.contains(.cameraShutter) }
        stand.pump.inject(.accessoryEvent(.cameraZoom(factor: -0.5)))
        stand.pump.inject(.accessoryEvent(.button(id: 5, pressed: true)))
        try await eventually { sampleLog.snapshot.events.contains(.button(id: 5, pressed: true)) }
        // The wire's step -0.5 (out) as DockKit's multiplier: 1 / 1.5.
        #expect(sampleLog.snapshot.events.contains(.cameraZoom(factor: 1 / 1.5)))
    }

    @Test func bothSimulatedBatteriesGetARow() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let monitoring = Task { try await monitorBatteries(accessory: accessory) }
        defer { monitoring.cancel() }
        try await eventually { sampleLog.snapshot.batteries.count == 2 }
        let rows = sampleLog.snapshot.batteries
        let main = try #require(rows["main"])
        let grip = try #require(rows["grip"])
        #expect(abs(main.0 - 0.8) < 0.01 && main.1 == .notCharging && !main.2)
        #expect(abs(grip.0 - 0.6) < 0.01 && grip.1 == .charging)
        _ = stand
    }

    @Test func thePanoramaButtonPansWhileHeld() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await handlePanorama(accessory: accessory, buttonID: 3, pressed: true)
        #expect(try await stand.state().isSystemTrackingEnabled)
        try await handlePanorama(accessory: accessory, buttonID: 5, pressed: true)
        // Past the ramp (12 rad/s²): the commanded velocity is the one asked for.
        await stand.pump.advance(bySeconds: 0.3)
        let panning = try await stand.state()
        #expect(!panning.isSystemTrackingEnabled)
        #expect(abs(panning.angularVelocities.yaw - 0.15) < 1e-6)
        try await handlePanorama(accessory: accessory, buttonID: 5, pressed: false)
        await stand.pump.advance(bySeconds: 0.3)
        let released = try await stand.state()
        #expect(released.isSystemTrackingEnabled)
        #expect(released.angularVelocities.yaw == 0)
    }
}
