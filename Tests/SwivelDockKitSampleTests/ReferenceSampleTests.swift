import SwivelDockKit
import SwivelProtocol
import SwivelTestSupport
import Testing

// The samples of ReferenceSamples/, written from Apple's DockKit reference,
// against the simulated stand.
extension DockKitSampleTests {
    @Test func theDashboardNamesTheStandAndTheTrackingButtonReportsItsState() async throws {
        let stand = try await SampleStand.docked()
        referenceLog.reset()
        let rows = try await DashboardModel().firstDockedRows()
        #expect(rows.map(\.title) == ["Stand", "Identifier", "Category", "State", "Yaw limit"])
        #expect(rows[0].detail.hasPrefix("DockAccessory(Identifier(name: "))
        #expect(rows[2].detail == "DockAccessory.Category.trackingStand")
        #expect(rows[3].detail == "DockAccessory.State.docked")
        // The button's state is system tracking's: on at the start of a session.
        #expect(referenceLog.snapshot.buttonStates == [true])

        let watching = Task { await watchTrackingButton(try DockAccessoryManager.shared.accessoryStateChanges) }
        defer { watching.cancel() }
        try await eventually { referenceLog.snapshot.buttonStates.count == 2 }
        for _ in 0..<2 {
            try stand.pump.press("tracking", true)
            try await Task.sleep(for: .milliseconds(50))
            try stand.pump.press("tracking", false)
            try await Task.sleep(for: .milliseconds(50))
        }
        try await eventually { referenceLog.snapshot.buttonStates.count == 4 }
        // Off by the first press, on by the second: DockKit's "state of the tracking button".
        #expect(referenceLog.snapshot.buttonStates == [true, true, false, true])
    }

    @Test func motionAndTrackingTimesAreOnTheWallClockWithTheStandsSpacing() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        referenceLog.reset()
        try await disableSystemTracking()
        let before = Date()
        await recordMotionTimes(from: try accessory.motionStates, count: 20)
        let times = referenceLog.snapshot.motionTimes
        // Seconds since 1970, as DockKit's: within the seconds this test ran.
        #expect(times.allSatisfy { abs($0 - before.timeIntervalSince1970) < 60 }, "\(times.prefix(3))")
        let steps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(steps.allSatisfy { abs($0 - 0.02) < 0.002 }, "\(steps)")

        let overlay = Task { await runSubjectOverlay(try accessory.trackingStates, updates: 5) }
        let tracker = CustomTracker(accessory: accessory)
        stand.pump.hold()
        let frame = CVPixelBuffer(width: 1280, height: 720)
        for index in 0..<30 {
            try await tracker.trackObservations(faceCenterX: 0.6, frame: index.isMultiple(of: 2) ? frame : nil)
            await stand.pump.advance(bySeconds: 1.0 / 30)
        }
        stand.pump.release()
        try await overlay.value
        let dates = referenceLog.snapshot.trackingTimes
        #expect(dates.count == 5)
        #expect(dates.allSatisfy { abs($0.timeIntervalSince(before)) < 60 })
        // Redrawn only on a change of subjects: TrackedSubjectType is Equatable.
        #expect(!referenceLog.snapshot.subjects.isEmpty)
        #expect(referenceLog.snapshot.messages.first?.hasPrefix("overlay: TrackingState(time: ") == true)
    }

    @Test func theCustomTrackerTurnsTowardMetadataFacesWithTheFrame() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        let tracker = CustomTracker(accessory: accessory)
        let frame = CVPixelBuffer(width: 1920, height: 1080)
        stand.pump.hold()
        for index in 0..<45 {
            if index < 40 {
                try await tracker.trackMetadata(faceCenterX: 0.8, faceTop: 0.02, frame: frame)
            } else {
                try await tracker.trackMetadata(faceCenterX: 0.8, faceTop: 0.02)
            }
            await stand.pump.advance(bySeconds: 1.0 / 30)
        }
        // A face right of centre turns the stand right (+yaw).
        #expect(stand.pump.measured.yaw > 0.02, "yaw \(stand.pump.measured.yaw)")
        // The bounds' upper-left origin, flipped: a person at the top of the frame tilts the view up (-pitch).
        #expect(stand.pump.measured.pitch < 0, "pitch \(stand.pump.measured.pitch)")
    }

    @Test func zoomButtonsArriveAsDockKitsMultiplier() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        referenceLog.reset()
        let routing = Task { await routeButtons(try accessory.accessoryEvents, until: 2) }
        try await Task.sleep(for: .milliseconds(100))
        for name in ["zoomIn", "zoomOut"] {
            try stand.pump.press(name, true)
            try await Task.sleep(for: .milliseconds(50))
            try stand.pump.press(name, false)
            try await Task.sleep(for: .milliseconds(50))
        }
        try await routing.value
        // The board's zoomFactor 1: doubled, then halved back, as DockKit's factor means.
        #expect(referenceLog.snapshot.zoomFactors == [2, 0.5])
        #expect(referenceLog.snapshot.zoom == 1)
    }

    @Test func theBatteryListHasARowPerBattery() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        referenceLog.reset()
        _ = stand
        await listBatteries(try accessory.batteryStates, rows: 2)
        #expect(Set(referenceLog.snapshot.batteryNames).count == 2)
    }

    @Test func framingPreferencesRoundTripAsJSONAndApply() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        _ = stand
        let saved = try savedPreferences(FramingPreferences(mode: .left, category: .trackingStand))
        let restored = try await restorePreferences(saved, on: accessory)
        #expect(restored == FramingPreferences(mode: .left, category: .trackingStand))
        #expect(accessory.framingMode == .left)
    }

    @Test func thePresetTourMovesByVectorAndEulerAnglesWithinARangeLimit() async throws {
        let stand = try await SampleStand.docked(speed: 2)
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        let moves = try await runPresetTour(accessory: accessory)
        #expect(moves.allSatisfy { $0.isFinished })
        #expect(abs(stand.pump.measured.yaw + 0.3) < 0.005, "yaw \(stand.pump.measured.yaw)")
        // A speed of 0 restricts the range alone: the hardware's 3 rad/s stays.
        #expect(matches(try accessory.limits.yaw, -0.5..<0.5, 3.0))
        // Euler angles about y alone are that yaw; about x alone that pitch.
        let yaw = Rotation3D(eulerAngles: EulerAngles(x: .radians(0), y: .radians(0.4), z: .radians(0), order: .zxy))
        #expect(yaw == Rotation3D(angle: .radians(0.4), axis: .y))
        #expect(Vector3D(z: 0.1) == Vector3D(x: 0, y: 0, z: 0.1))
    }

    @Test func theAnimationPlayerPlaysToTheEnd() async throws {
        let stand = try await SampleStand.docked(speed: 2)
        let accessory = try await stand.accessory()
        _ = stand
        try await disableSystemTracking()
        #expect(try await play(.yes, on: accessory))
    }

    @Test func errorReportingSwitchesOverDockKitsCasesAndCatchesTheRest() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        referenceLog.reset()
        stand.pump.hold()
        // System tracking on: a refusal DockKit has no case for, with the stand's reason.
        await reportingErrors { _ = try await accessory.setOrientation(Vector3D(y: 0.1)) }
        var caughtByCode = false
        do {
            _ = try await accessory.setOrientation(Vector3D(y: 0.1))
        } catch let error as DockKitError {
            Issue.record("not one of DockKit's cases: \(error)")
        } catch SwivelStandError.systemTrackingActive {
            caughtByCode = true
        }
        #expect(caughtByCode)
        try await disableSystemTracking()
        await reportingErrors { _ = try await accessory.setOrientation(Vector3D(y: 0.1)) }
        await reportingErrors { _ = try await accessory.setOrientation(Vector3D(y: 0.1)) }
        await reportingErrors { _ = try await accessory.setOrientation(Vector3D(y: 0.1)) }
        let messages = referenceLog.snapshot.messages
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.first?.hasPrefix("Something went wrong: systemTrackingActive: ") == true, "\(messages)")
        #expect(messages.last == "Slow down.")
        let all: [DockKitError] = [
            .invalidParameter, .notConnected, .notSupported, .notSupportedByDevice, .frameRateTooHigh, .frameRateTooLow,
            .noSubjectFound, .cameraTCCMissing,
        ]
        #expect(Set(all.compactMap(\.errorDescription)).count == all.count)
    }

    @Test func oneStandIsOneAccessoryAcrossDocksAndAnUndockedOneThrows() async throws {
        let first = try await SampleStand.docked()
        let earlier = try await first.accessory()
        let stand = try await SampleStand.docked()
        let coordinator = SessionCoordinator()
        await coordinator.follow(try DockAccessoryManager.shared.accessoryStateChanges, untilDocks: 1)
        let later = try await stand.accessory()
        #expect(earlier !== later)
        #expect(earlier == later)
        #expect(Set([earlier, later]).count == 1)
        #expect(await coordinator.known == [earlier])
        // The first session is over: DockKit's `limits` throws for it.
        try await eventually { !first.rig.session.isDocked }
        #expect(dockKitErrorNow { try earlier.limits } == .notConnected)
    }

    @Test func asyncSetOrientationHoldsNoThreadWhileTheStandIsSlow() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        // The stand's thread stops at the first move for 3 s before it answers.
        stand.pump.stallOnce(realSeconds: 3) { _, message in
            if case .setOrientation = message { return true }
            return false
        }
        let callers = ProcessInfo.processInfo.activeProcessorCount * 4
        let order = TestMutex<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<callers {
                group.addTask {
                    _ = try? await accessory.setOrientation(Vector3D(y: 0.1), duration: .seconds(1))
                    order.withLock { $0.append("call") }
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(200))
                order.withLock { $0.append("other work") }
            }
        }
        // More callers than the pool has threads, all waiting on the stand, and
        // other work still ran: none of them held a thread while it waited.
        let seen = order.withLock { $0 }
        #expect(seen.count == callers + 1)
        #expect(seen.first == "other work", "\(seen)")
    }

    @Test func synchronousSetOrientationReturnsBeforeTheStandAnswers() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        stand.pump.hold()
        // The stand never sees the first command; on held time the link's retry
        // waits too, so a call that waited for the reply would not return.
        stand.pump.dropFirstCommand { _, message in
            if case .setOrientation = message { return true }
            return false
        }
        let progress = try turnToYawHalf(accessory: accessory)
        #expect(!progress.isFinished && !progress.isCancelled)
        await stand.pump.advance(bySeconds: 3)
        try await eventually { progress.isFinished || progress.isCancelled }
        #expect(progress.isFinished)
        #expect(abs(stand.pump.measured.yaw - 0.5) < 0.005)

        // A refusal the stand makes later ends the Progress cancelled.
        try await enableSystemTracking()
        let refused = try turnToYawHalf(accessory: accessory)
        try await eventually { refused.isCancelled }
        #expect(!refused.isFinished)
    }
}
