import FoundationEssentials
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// Custom tracking, framing, region of interest and selection through SwivelKit.
@Suite(.serialized, .hangGuard) struct TrackingTests {
    static let camera = DockAccessory.CameraInformation(captureDevice: .wideAngle, cameraPosition: .back, orientation: .corrected)
    static let face = DockAccessory.Observation(
        identifier: 1, type: .humanFace, rect: NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: 0.2, height: 0.2), faceYawAngle: 0.1)

    @Test func framingRegionAndSelectionAreAcceptedAndRemembered() async throws {
        let rig = try await Rig.docked(manual: true)
        let accessory = rig.accessory
        try await accessory.setFramingMode(.left)
        #expect(accessory.framingMode == .left)
        let square = NormalizedRectUpperLeft(x: 0.25, y: 0, width: 0.5, height: 1)
        try await accessory.setRegionOfInterest(square)
        #expect(accessory.regionOfInterest == square)
        let state = try await accessory.state()
        #expect(state.framingMode == .left)
        // Nobody seen yet: nothing to select; [] (automatic) is always fine.
        #expect(await caught { try await accessory.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.5)) }?.code == .noSubjectFound)
        #expect(await caught { try await accessory.selectSubjects([UUID()]) }?.code == .noSubjectFound)
        try await accessory.selectSubjects([])
    }

    @Test func customTrackingIsAcknowledgedAndItsSubjectCanBeSelected() async throws {
        let rig = try await Rig.docked(manual: true)
        let accessory = rig.accessory
        try await accessory.track([Self.face], cameraInformation: Self.camera)
        // The face's rect holds the upper-left point (0.5, 0.4).
        try await accessory.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.4))
    }

    @Test func trackWhileSystemTrackingIsOnIsSystemTrackingActive() async throws {
        let rig = try await Rig.docked()
        let error = await caught { try await rig.accessory.track([Self.face], cameraInformation: Self.camera) }
        #expect(error?.code == .systemTrackingActive)
    }

    @Test func inputTheWireCannotCarryFailsBeforeItIsSent() async throws {
        let rig = try await Rig.docked(manual: true)
        let accessory = rig.accessory
        let seventeen = Array(repeating: Self.face, count: 17)
        #expect(await caught { try await accessory.track(seventeen, cameraInformation: Self.camera) }?.code == .invalidParameter)
        var eightNumbers = Self.camera
        eightNumbers.cameraIntrinsics = Array(repeating: 1, count: 8)
        eightNumbers.referenceDimensions = .init(width: 1920, height: 1080)
        #expect(await caught { try await accessory.track([Self.face], cameraInformation: eightNumbers) }?.code == .invalidParameter)
        var noSize = Self.camera
        noSize.cameraIntrinsics = [1000, 0, 960, 0, 1000, 540, 0, 0, 1]
        #expect(await caught { try await accessory.track([Self.face], cameraInformation: noSize) }?.code == .invalidParameter)
        let ids = (0..<17).map { _ in UUID() }
        #expect(await caught { try await accessory.selectSubjects(ids) }?.code == .invalidParameter)
        let sent = rig.pump.seenCommands.compactMap(\.message).filter {
            switch $0 {
            case .track, .selectSubjects: true
            default: false
            }
        }
        #expect(sent.isEmpty)
    }
}
