import FoundationEssentials
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// Custom tracking, framing, region of interest and selection through SwivelKit.
@Suite(.serialized, .hangGuard) struct TrackingTests {
    static let camera = CameraInformation(deviceType: .wideAngle, position: .back, orientation: .corrected)
    static let face = Observation(
        identifier: 1, kind: .humanFace, rect: NormalizedRectLowerLeft(x: 0.4, y: 0.5, width: 0.2, height: 0.2), faceYawRadians: 0.1)

    @Test func framingRegionAndSelectionAreAcceptedAndRemembered() async throws {
        let rig = try await Rig.docked(manual: true)
        let session = rig.session
        try await session.setFramingMode(.left)
        #expect(session.framingMode == .left)
        let square = NormalizedRectUpperLeft(x: 0.25, y: 0, width: 0.5, height: 1)
        try await session.setRegionOfInterest(square)
        #expect(session.regionOfInterest == square)
        let state = try await session.state()
        #expect(state.framingMode == .left)
        // Nobody seen yet: nothing to select; [] (automatic) is always fine.
        #expect(await caught { try await session.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.5)) }?.code == .stand(.noSubjectFound))
        #expect(await caught { try await session.selectSubjects([UUID()]) }?.code == .stand(.noSubjectFound))
        try await session.selectSubjects([])
    }

    @Test func customTrackingIsAcknowledgedAndItsSubjectCanBeSelected() async throws {
        let rig = try await Rig.docked(manual: true)
        let session = rig.session
        try await session.track([Self.face], camera: Self.camera)
        // The face's rect holds the upper-left point (0.5, 0.4).
        try await session.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.4))
    }

    @Test func trackWhileSystemTrackingIsOnIsSystemTrackingActive() async throws {
        let rig = try await Rig.docked()
        let error = await caught { try await rig.session.track([Self.face], camera: Self.camera) }
        #expect(error?.code == .stand(.systemTrackingActive))
    }

    @Test func inputTheWireCannotCarryFailsBeforeItIsSent() async throws {
        let rig = try await Rig.docked(manual: true)
        let session = rig.session
        let seventeen = Array(repeating: Self.face, count: 17)
        #expect(await caught { try await session.track(seventeen, camera: Self.camera) }?.code == .stand(.invalidParameter))
        var eightNumbers = Self.camera
        eightNumbers.intrinsics = .init(matrix: Array(repeating: 1, count: 8), referenceWidth: 1920, referenceHeight: 1080)
        #expect(await caught { try await session.track([Self.face], camera: eightNumbers) }?.code == .stand(.invalidParameter))
        let ids = (0..<17).map { _ in UUID() }
        #expect(await caught { try await session.selectSubjects(ids) }?.code == .stand(.invalidParameter))
        let sent = rig.pump.seenCommands.compactMap(\.message).filter {
            switch $0 {
            case .track, .selectSubjects: true
            default: false
            }
        }
        #expect(sent.isEmpty)
    }
}
