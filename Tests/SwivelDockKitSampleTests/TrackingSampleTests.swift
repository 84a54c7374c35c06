import SwivelDockKit
import SwivelProtocol
import Testing

extension DockKitSampleTests {
    @Test func customTrackingTurnsTheStandOntoTheSubject() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        var feed = FaceFeed(stand: stand, accessory: accessory)
        feed.subjectYaw = 0.3
        let outcomes = try await feed.run(seconds: 3)
        // A nominal 30 fps sender, 33 or 34 ms apart, is never refused.
        #expect(outcomes.refusals.isEmpty, "\(outcomes.refusals)")
        #expect(outcomes.accepted == 90)
        #expect(abs(stand.pump.measured.yaw - 0.3) < 0.03)
        // Framed in the centre (automatic framing) within 2 % of the frame width.
        #expect(abs(feed.centerX(standYaw: stand.pump.measured.yaw) - 0.5) < 0.02)
    }

    @Test func customTrackingWhileSystemTrackingIsOnIsRefused() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await enableSystemTracking()
        let face = faceFrame(centerX: 0.5)
        let error = await standError { try await processFrame(face, accessory: accessory, activeDevice: CaptureDevice()) }
        #expect(error == .systemTrackingActive)
    }

    @Test func trackingStatesReachTheSampleAndItsSelectionIsAccepted() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        let following = Task { try await followTrackingStates(accessory: accessory) }
        let outcomes = try await FaceFeed(stand: stand, accessory: accessory).run(seconds: 2)
        #expect(outcomes.accepted >= 45)
        try await eventually { sampleLog.snapshot.overlays.count >= 5 }
        following.cancel()
        // The loop selected its salient subject each time without an error.
        if case .failure(let error) = await following.result { Issue.record("the sample's loop threw \(error)") }
        let overlays = sampleLog.snapshot.overlays
        #expect(Set(overlays.map(\.id)).count == 1)
        // The face's rect, lower-left origin, as it was sent.
        let rect = try #require(overlays.last?.rect)
        #expect(abs(rect.midX - 0.5) < 0.05)
        #expect(abs(rect.minY - 0.45) < 0.01)
    }

    @Test func trackMostSalientSelectsTheRankOneSubject() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        let ranked = Task { () -> UUID? in
            for await state in try accessory.trackingStates {
                for case .person(let person) in state.trackedSubjects where person.saliencyRank == 1 { return person.identifier }
            }
            return nil
        }
        let selecting = Task { try await trackMostSalient(accessory: accessory) }
        _ = try await FaceFeed(stand: stand, accessory: accessory).run(seconds: 2)
        let salient = try #require(try await ranked.value)
        selecting.cancel()
        if case .failure(let error) = await selecting.result { Issue.record("the sample's loop threw \(error)") }
        // What reached the stand: SELECT_SUBJECTS naming the rank-1 subject.
        let selections = stand.pump.seenCommands.compactMap { command -> [WireUUID]? in
            if case .selectSubjects(let ids) = command.message { return ids }
            return nil
        }
        #expect(!selections.isEmpty)
        #expect(selections.allSatisfy { $0.count == 1 && $0.first?.bytes == withUnsafeBytes(of: salient.uuid) { Array($0) } })
    }

    @Test func tapToSelectFindsTheSubjectAtThePointAndByIdentifier() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        #expect(await dockKitError { try await selectAtCentre(accessory: accessory) } == .noSubjectFound)
        let states = Task { () -> UUID? in
            for await state in try accessory.trackingStates {
                if let subject = state.trackedSubjects.first, case .person(let person) = subject { return person.identifier }
            }
            return nil
        }
        _ = try await FaceFeed(stand: stand, accessory: accessory).run(seconds: 1)
        // The face spans upper-left y 0.40...0.55 around x 0.5: the centre is in it.
        try await selectAtCentre(accessory: accessory)
        let identifier = try #require(try await states.value)
        try await selectByIdentifier(accessory: accessory, subjectUUID: identifier)
        #expect(await dockKitError { try await selectByIdentifier(accessory: accessory, subjectUUID: UUID()) } == .noSubjectFound)
        try await clearSelection(accessory: accessory)
    }

    @Test func safeTrackTakesTheCaseOfEachRefusal() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let camera = DockAccessory.CameraInformation(
            captureDevice: .builtInWideAngleCamera, cameraPosition: .back, orientation: .corrected, cameraIntrinsics: nil,
            referenceDimensions: nil)
        let face = DockAccessory.Observation(
            identifier: 1, type: .humanFace, rect: CGRect(x: 0.45, y: 0.45, width: 0.1, height: 0.15), faceYawAngle: nil)
        await safeTrack(observations: [face], cameraInfo: camera, accessory: accessory)
        try await disableSystemTracking()
        stand.pump.hold()
        await safeTrack(observations: [], cameraInfo: camera, accessory: accessory)
        // Half a second later: a 2 fps stream, below the guide's 10-30 fps.
        await stand.pump.advance(bySeconds: 0.5)
        await safeTrack(observations: [face], cameraInfo: camera, accessory: accessory)
        stand.pump.release()
        stand.pump.stop()
        try await eventually { !stand.rig.session.isDocked }
        await safeTrack(observations: [face], cameraInfo: camera, accessory: accessory)
        let outcomes = sampleLog.snapshot.trackOutcomes
        #expect(outcomes.count == 4)
        // Not one of DockKit's cases: the guide's catch-all takes it, with the stand's reason.
        #expect(outcomes.first?.hasPrefix("unexpected: systemTrackingActive: ") == true, "\(outcomes)")
        #expect(outcomes.dropFirst().first == "noSubjectFound")
        #expect(outcomes.dropFirst(2).first == "frameRateTooLow")
        #expect(outcomes.last == "notConnected")
    }

    @Test func framingModeAndRegionOfInterestReachTheStand() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        #expect(accessory.framingMode == .automatic)
        try await frameAutomaticallyThenCentre(accessory: accessory)
        #expect(accessory.framingMode == .center)
        #expect(try await stand.state().framingMode == .center)
        try await cropToSquare(accessory: accessory)
        #expect(accessory.regionOfInterest == CGRect(x: 0.25, y: 0.0, width: 0.5, height: 1.0))
        let region = try await stand.state().regionOfInterest
        #expect(region.x == 0.25 && region.y == 0 && region.width == 0.5 && region.height == 1)
    }

    /// Intrinsics are in pixels of a frame size: without one they are refused
    /// here (SwivelKit takes the wire's camera, which carries both together),
    /// and nothing is sent; the frame passed along stands in for the size.
    @Test func intrinsicsWithoutTheirFrameSizeAreInvalidBeforeTheyAreSent() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        let camera = DockAccessory.CameraInformation(
            captureDevice: .builtInWideAngleCamera, cameraPosition: .back, orientation: .corrected,
            cameraIntrinsics: DockAccessory.CameraIntrinsics(focalLengthX: 1545, focalLengthY: 1545, principalPointX: 960, principalPointY: 540),
            referenceDimensions: nil)
        let face = DockAccessory.Observation(identifier: 1, type: .humanFace, rect: CGRect(x: 0.45, y: 0.45, width: 0.1, height: 0.15))
        #expect(await dockKitError { try await accessory.track([face], cameraInformation: camera) } == .invalidParameter)
        #expect(!stand.pump.seenCommands.contains { if case .track = $0.message { true } else { false } })
        // With the frame, the batch reaches the stand, which refuses it while system tracking is on.
        let sized = await standError { try await accessory.track([face], cameraInformation: camera, image: CVPixelBuffer(width: 1920, height: 1080)) }
        #expect(sized?.code == .systemTrackingActive)
        #expect(stand.pump.seenCommands.contains { if case .track = $0.message { true } else { false } })
    }
}
