import SwivelProtocol
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// Motor commands through SwivelKit, checked on the simulated stand's encoders.
@Suite(.serialized, .hangGuard) struct MotionTests {
    @Test func setOrientationMovesTheStandAndItsProgressFinishes() async throws {
        let rig = try await Rig.docked(manual: true)
        #expect(!rig.connection.isSystemTrackingEnabled)
        let progress = try await rig.session.setOrientation(Vector3(yaw: 0.5), duration: .seconds(1), relative: false)
        #expect(progress.kind == .orientation)
        #expect(progress.plannedDuration == .seconds(1))
        #expect(progress.target.yaw == 0.5)
        #expect(progress.clampedAxes.isEmpty)
        #expect(await progress.finished() == .finished)
        #expect(progress.isFinished && !progress.isCancelled && !progress.isFailed)
        #expect(progress.fractionCompleted == 1)
        await rig.settle()
        // Through the encoder: one count is 0.00077 rad.
        #expect(abs(rig.pump.measured.yaw - 0.5) < 0.002)
        let state = try await rig.session.state()
        #expect(abs(state.angularPositions.yaw - 0.5) < 0.002)
        #expect(state.lastProgress?.requestID == progress.requestID)
        #expect(state.lastProgress?.state == .finished)
    }

    @Test func progressUpdatesRiseToFinished() async throws {
        let rig = try await Rig.docked(manual: true)
        // Held, the subscriber starts at the move's first instant, however late
        // a loaded machine runs this test.
        rig.pump.hold()
        let progress = try await rig.session.setOrientation(Vector3(pitch: 0.2, yaw: -0.4), duration: .seconds(2))
        let updates = progress.updates
        rig.pump.release()
        var fractions: [Double] = []
        var last: MoveProgress.State?
        for await update in updates {
            fractions.append(update.fractionCompleted)
            last = update.state
        }
        #expect(last == .finished)
        #expect(fractions.count > 2)
        #expect(fractions == fractions.sorted())
        #expect(fractions.last == 1)
        // A subscriber after the end gets the final state and nothing more.
        var late: [MoveProgress.Update] = []
        for await update in progress.updates { late.append(update) }
        #expect(late == [MoveProgress.Update(state: .finished, fractionCompleted: 1)])
    }

    @Test func aRelativeMoveStartsFromTheMeasuredPosition() async throws {
        let rig = try await Rig.docked(manual: true)
        let out = try await rig.session.setOrientation(Vector3(yaw: 0.3), duration: .milliseconds(500), relative: true)
        #expect(await out.finished() == .finished)
        let back = try await rig.session.setOrientation(Vector3(yaw: -0.1), duration: .milliseconds(500), relative: true)
        #expect(abs(back.target.yaw - 0.2) < 0.002)
        #expect(await back.finished() == .finished)
        await rig.settle()
        #expect(abs(rig.pump.measured.yaw - 0.2) < 0.002)
    }

    @Test func aQuaternionTargetIsTheSameMove() async throws {
        let rig = try await Rig.docked(manual: true)
        let progress = try await rig.session.setOrientation(
            Quaternion(pitchYawRoll: Vector3(yaw: 0.4)), duration: .milliseconds(500))
        #expect(abs(progress.target.yaw - 0.4) < 1e-6)
        #expect(await progress.finished() == .finished)
        await rig.settle()
        #expect(abs(rig.pump.measured.yaw - 0.4) < 0.002)
    }

    @Test func manualCommandsWhileSystemTrackingIsOnAreRefusedWithTheStandsReason() async throws {
        let rig = try await Rig.docked()
        let session = rig.session
        #expect(rig.connection.isSystemTrackingEnabled)
        let reason = "system tracking is enabled: turn it off before moving the stand yourself"
        let move = await caught { try await session.setOrientation(Vector3(yaw: 0.5), duration: .seconds(1)) }
        #expect(move == SwivelKitError(.systemTrackingActive, reason))
        #expect(move?.description == "systemTrackingActive: \(reason)")
        #expect(await caught { try await session.setAngularVelocity(Vector3(yaw: 1)) } == SwivelKitError(.systemTrackingActive, reason))
        #expect(await caught { try await session.animate(motion: .no) } == SwivelKitError(.systemTrackingActive, reason))
        // Stopping is always allowed.
        try await session.stop()
        try await rig.connection.setSystemTrackingEnabled(false)
        #expect(!rig.connection.isSystemTrackingEnabled)
        try await session.setAngularVelocity(Vector3(yaw: 0.2))
        try await rig.connection.setSystemTrackingEnabled(true)
        #expect(rig.connection.isSystemTrackingEnabled)
        #expect(await caught { try await session.setAngularVelocity(.zero) }?.code == .stand(.systemTrackingActive))
    }

    @Test func theThirdOrientationOrAnimationInASecondIsFrameRateTooHigh() async throws {
        let rig = try await Rig.docked(manual: true)
        let session = rig.session
        // Held, the three calls fall within a few milliseconds of the stand's
        // time, however late a loaded machine runs them.
        rig.pump.hold()
        _ = try await session.setOrientation(Vector3(yaw: 0.1), duration: .seconds(2))
        _ = try await session.animate(motion: .yes)
        let third = await caught { try await session.setOrientation(Vector3(yaw: 0.2), duration: .seconds(2)) }
        #expect(third == SwivelKitError(.frameRateTooHigh, SwivelError.Reason.orientationCallRateExceeded.text))
        // Refused calls do not spend the budget; after the window (exactly 1 s
        // of the stand's time), it is back.
        await rig.pump.advance(bySeconds: 1)
        _ = try await session.setOrientation(Vector3(yaw: 0.3), duration: .seconds(1))
    }

    @Test func aNewerMoveCancelsTheRunningOne() async throws {
        let rig = try await Rig.docked(manual: true)
        // Held: the second move comes exactly 0.3 s into the first, however
        // late a loaded machine runs this test.
        rig.pump.hold()
        let first = try await rig.session.setOrientation(Vector3(yaw: 2), duration: .seconds(3))
        await rig.pump.advance(bySeconds: 0.3)
        let second = try await rig.session.setOrientation(Vector3(yaw: -0.2), duration: .seconds(1))
        rig.pump.release()
        #expect(await first.finished() == .cancelled)
        #expect(first.isCancelled)
        #expect(first.fractionCompleted > 0 && first.fractionCompleted < 1)
        #expect(await second.finished() == .finished)
        await rig.settle()
        #expect(abs(rig.pump.measured.yaw + 0.2) < 0.002)
    }

    @Test func cancelStopsTheMoveItNames() async throws {
        let rig = try await Rig.docked(manual: true)
        // Held: the cancel comes exactly 0.3 s into the move.
        rig.pump.hold()
        let progress = try await rig.session.setOrientation(Vector3(yaw: 2), duration: .seconds(3))
        await rig.pump.advance(bySeconds: 0.3)
        try await progress.cancel()
        rig.pump.release()
        #expect(await progress.finished() == .cancelled)
        let state = try await rig.session.state()
        #expect(state.lastProgress?.requestID == progress.requestID)
        #expect(state.lastProgress?.state == .cancelled)
        #expect(rig.pump.measured.yaw < 1)
    }

    @Test func anAnimationReportsItsProgressToo() async throws {
        let rig = try await Rig.docked(manual: true)
        let progress = try await rig.session.animate(motion: .no)
        #expect(progress.kind == .animation)
        #expect(progress.plannedDuration > .zero)
        #expect(await progress.finished() == .finished)
    }

    @Test func velocityShowsInMotionStatesAndStopBringsItToRest() async throws {
        let rig = try await Rig.docked(manual: true)
        var states = rig.session.motionStates.makeAsyncIterator()
        try await rig.session.setAngularVelocity(Vector3(yaw: 0.5))
        var timestamps: [Duration] = []
        var atSpeed: StandSession.MotionSample?
        while atSpeed == nil, let state = await states.next() {
            timestamps.append(state.timestamp)
            if abs(state.angularVelocities.yaw - 0.5) < 1e-6 { atSpeed = state }
        }
        #expect(atSpeed?.isMoving == true)
        #expect(atSpeed?.axes == .all)
        #expect(atSpeed?.fault == nil)
        #expect(atSpeed?.isSystemTrackingEnabled == false)
        #expect(timestamps.count > 1)
        #expect(timestamps == timestamps.sorted())
        try await rig.session.stop()
        var atRest: StandSession.MotionSample?
        while atRest == nil, let state = await states.next() {
            if state.angularVelocities == .zero && !state.isMoving { atRest = state }
        }
        #expect(atRest != nil)
        #expect((atRest?.angularPositions.yaw ?? 0) > 0)
    }
}
