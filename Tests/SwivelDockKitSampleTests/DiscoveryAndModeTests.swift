import SwivelDockKit
import Testing

extension DockKitSampleTests {
    @Test func observeAccessoriesSeesTheDockThenTheUndock() async throws {
        let stand = try await SampleStand.docked()
        let observing = Task { try await observeAccessories() }
        defer { observing.cancel() }
        try await eventually { sampleLog.snapshot.configured.count == 1 }
        let accessory = try #require(sampleLog.snapshot.configured.first)
        #expect(accessory.identifier.name == "Swivel Simulated Stand")
        #expect(accessory.identifier.category == .trackingStand)
        #expect(accessory.identifier.uuid == stand.rig.session.identity.uuid)
        #expect(accessory.hardwareModel == stand.rig.session.hardwareModel)
        #expect(sampleLog.snapshot.undockedCount == 0)
        // The stand goes away: the link closes, and the sample hears the undock.
        stand.pump.stop()
        try await eventually { sampleLog.snapshot.undockedCount == 1 }
        #expect(sampleLog.snapshot.configured.count == 1)
    }

    @Test func motorsAreRefusedUntilSystemTrackingIsDisabled() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await enableSystemTracking()
        #expect(DockAccessoryManager.shared.isSystemTrackingEnabled)
        let turn = Vector3D(x: 0, y: 0.3, z: 0)
        let wrong = await standError { try await wrongMotorControl(accessory: accessory, velocity: turn) }
        #expect(wrong == .systemTrackingActive)
        #expect(wrong?.reason.isEmpty == false)
        #expect(try await stand.state().angularVelocities.yaw == 0)

        try await correctMotorControl(accessory: accessory, velocity: turn)
        #expect(!DockAccessoryManager.shared.isSystemTrackingEnabled)
        await stand.pump.advance(bySeconds: 0.5)
        #expect(abs(try await stand.state().angularVelocities.yaw - 0.3) < 1e-6)

        try await disableSystemTracking()
        try await enableSystemTracking()
        #expect(try await stand.state().isSystemTrackingEnabled)
    }

    @Test func theServiceActorConnectsAndSwitchesTrackingModes() async throws {
        let stand = try await SampleStand.docked()
        let service = DockControlService()
        let running = Task { try await service.start() }
        defer { running.cancel() }
        let clock = ContinuousClock()
        let end = clock.now + .seconds(20)
        while !(await service.isConnected) {
            guard clock.now < end else { throw SampleFailure("the service never connected") }
            try await Task.sleep(for: .milliseconds(10))
        }
        try await service.setTrackingMode(.manual)
        #expect(!(try await stand.state().isSystemTrackingEnabled))
        try await service.setTrackingMode(.system)
        #expect(try await stand.state().isSystemTrackingEnabled)
    }
}
