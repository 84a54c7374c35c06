import SwivelDockKit
import Testing

extension DockKitSampleTests {
    @Test func angularVelocityTurnsThenStops() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        stand.pump.hold()
        try await panRightTiltDown(accessory: accessory)
        await stand.pump.advance(bySeconds: 1)
        let moving = try await stand.state()
        #expect(abs(moving.angularVelocities.yaw - 0.2) < 1e-6)
        #expect(abs(moving.angularVelocities.pitch - 0.1) < 1e-6)
        // A second at 0.2 rad/s, less the short ramp (12 rad/s²) at the start.
        #expect(abs(moving.angularPositions.yaw - 0.2) < 0.01)
        // +pitch tilts down, as in DockKit: the pitch axis turns positive.
        #expect(abs(moving.angularPositions.pitch - 0.1) < 0.01)

        try await stopAllMotion(accessory: accessory)
        await stand.pump.advance(bySeconds: 0.5)
        let stopped = try await stand.state()
        #expect(stopped.angularVelocities == .init(x: 0, y: 0, z: 0))
        await stand.pump.advance(bySeconds: 0.5)
        #expect(abs(try await stand.state().angularPositions.yaw - stopped.angularPositions.yaw) < 1e-4)
    }

    @Test func setOrientationIsSynchronousAndItsProgressFinishesAtTheTarget() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        stand.pump.hold()
        let progress = try turnToYawHalf(accessory: accessory)
        #expect(!progress.isFinished && !progress.isCancelled)
        await stand.pump.advance(bySeconds: 1)
        try await eventually { progress.fractionCompleted > 0.3 }
        #expect(progress.fractionCompleted < 0.7)
        #expect(!progress.isFinished)
        await stand.pump.advance(bySeconds: 1.3)
        try await eventually { progress.isFinished }
        #expect(!progress.isCancelled)
        #expect(abs(stand.pump.measured.yaw - 0.5) < 0.005)
    }

    @Test func motionStatesCarryTimestampsInSecondsAndNoError() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let watching = Task { try await watchMotionStates(accessory: accessory) }
        defer { watching.cancel() }
        try await eventually { !sampleLog.snapshot.motion.isEmpty }
        stand.pump.hold()
        let seen = sampleLog.snapshot.motion.count
        await stand.pump.advance(bySeconds: 1)
        try await eventually { sampleLog.snapshot.motion.count >= seen + 45 }
        let motion = sampleLog.snapshot.motion
        let steps = zip(motion.dropFirst(), motion).map { $0.time - $1.time }
        // 50 Hz on the stand's clock: 20 ms apart, as TimeInterval seconds.
        #expect(steps.allSatisfy { abs($0 - 0.02) < 0.002 })
        #expect(sampleLog.snapshot.motorErrors.isEmpty)
    }

    @Test func limitsAreReadBackAndClampAMove() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        let before = try accessory.limits
        // The board's hardware limits (f32 on the wire).
        #expect(matches(before.yaw, -2.8..<2.8, 3.0))
        #expect(matches(before.pitch, -0.7..<0.7, 2.0))

        try limitYaw(accessory: accessory)
        let after = try accessory.limits
        #expect(matches(after.yaw, -1.0..<1.0, 0.5))
        #expect(after.pitch == before.pitch)

        stand.pump.hold()
        let progress = try await accessory.setOrientation(Vector3D(x: 0, y: 2.0, z: 0), duration: .zero, relative: false)
        // 1 rad at 0.5 rad/s is 2 s at least.
        await stand.pump.advance(bySeconds: 1.5)
        #expect(stand.pump.measured.yaw < 0.76)
        #expect(!progress.isFinished)
        // The planned trajectory (an S-curve at the capped speed) takes 3.75 s.
        await stand.pump.advance(bySeconds: 2.5)
        try await eventually { progress.isFinished || progress.isCancelled }
        #expect(progress.isFinished)
        #expect(abs(stand.pump.measured.yaw - 1.0) < 0.005, "yaw \(stand.pump.measured.yaw)")

        // A limit the stand would refuse fails where it is made.
        let inverted = dockKitErrorNow { try DockAccessory.Limits.Limit(positionRange: 1.0..<1.0, maximumSpeed: 0.5) }
        #expect(inverted == .invalidParameter)
        // Beyond the hardware: the limits in force are the intersection.
        try accessory.setLimits(DockAccessory.Limits(yaw: try .init(positionRange: -5..<5, maximumSpeed: 9), pitch: nil, roll: nil))
        #expect(matches(try accessory.limits.yaw, -2.8..<2.8, 3.0))
    }

    @Test func aThirdOrientationWithinASecondIsFrameRateTooHigh() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        // One instant of the stand's time for the three calls.
        stand.pump.hold()
        _ = try turnToYawHalf(accessory: accessory)
        _ = try turnToYawHalf(accessory: accessory)
        let third = dockKitErrorNow { try turnToYawHalf(accessory: accessory) }
        #expect(third == .frameRateTooHigh)
        #expect(dockKitErrorNow { try turnToYawHalf(accessory: accessory) } == .frameRateTooHigh)
        #expect(await dockKitError { try await accessory.animate(motion: .yes) } == .frameRateTooHigh)
        // A second later the window has room again; refused calls used none of it.
        await stand.pump.advance(bySeconds: 1.01)
        _ = try turnToYawHalf(accessory: accessory)
        _ = try turnToYawHalf(accessory: accessory)
        #expect(dockKitErrorNow { try turnToYawHalf(accessory: accessory) } == .frameRateTooHigh)
    }

    @Test func kapowFinishesAndTrackingIsRestored() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let watching = Task { try await watchMotionStates(accessory: accessory) }
        defer { watching.cancel() }
        try await kapowAndRestoreTracking(accessory: accessory)
        #expect(try await stand.state().isSystemTrackingEnabled)
        #expect(stand.rig.session.isDocked)
        let state = try await stand.state()
        #expect(state.lastProgress?.kind == .animation)
        #expect(state.lastProgress?.state == .finished)
        let pitches = sampleLog.snapshot.motion.map(\.positions.x)
        #expect((pitches.map(abs).max() ?? 0) > 0.05)
        #expect(abs(stand.pump.measured.pitch) < 0.01)
    }

    @Test func lookAroundVisitsEachPositionAndEndsAtTheCentre() async throws {
        let stand = try await SampleStand.docked(speed: 4)
        let accessory = try await stand.accessory()
        let watching = Task { try await watchMotionStates(accessory: accessory) }
        defer { watching.cancel() }
        try await lookAround(accessory: accessory)
        #expect(try await stand.state().isSystemTrackingEnabled)
        let positions = sampleLog.snapshot.motion.map(\.positions)
        #expect(abs((positions.map(\.y).min() ?? 0) + 0.5) < 0.01)
        #expect(abs((positions.map(\.y).max() ?? 0) - 0.5) < 0.01)
        #expect(abs((positions.map(\.x).min() ?? 0) + 0.2) < 0.01)
        #expect(abs(stand.pump.measured.yaw) < 0.005)
        #expect(abs(stand.pump.measured.pitch) < 0.005)
    }

    @Test func theSweepGoesRightThenLeftAndStops() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let watching = Task { try await watchMotionStates(accessory: accessory) }
        defer { watching.cancel() }
        try await performSweep(accessory: accessory)
        await stand.pump.advance(bySeconds: 0.3)
        let state = try await stand.state()
        #expect(state.isSystemTrackingEnabled)
        #expect(state.angularVelocities == .init(x: 0, y: 0, z: 0))
        let yaws = sampleLog.snapshot.motion.map(\.positions.y)
        // 3 s right at 0.2 rad/s, 6 s left, 3 s right: a wall-clock schedule
        // on a stand paced by the wall clock, so only roughly 0.6 and -0.6.
        #expect((0.4...0.8).contains(yaws.max() ?? 0))
        #expect((-0.8 ... -0.4).contains(yaws.min() ?? 0))
        #expect(abs(yaws.last ?? 1) < 0.2)
    }
}

/// A limit in force is the one expected, to the f32 precision of the wire.
func matches(_ limit: DockAccessory.Limits.Limit?, _ range: Range<Double>, _ speed: Double) -> Bool {
    guard let limit else { return false }
    let close = { (a: Double, b: Double) in abs(a - b) < 1e-6 }
    return close(limit.positionRange.lowerBound, range.lowerBound) && close(limit.positionRange.upperBound, range.upperBound)
        && close(limit.maximumSpeed, speed)
}
