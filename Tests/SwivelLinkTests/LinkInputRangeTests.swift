import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 10, section 2, through the hub: every absurd value a host sends is
/// answered ERR `invalidParameter` naming the field and the value, and
/// changes nothing on the stand.
@Suite struct LinkInputRangeTests {
    func manualHost() throws -> (LinkHarness, SessionID) {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        h.run(seconds: 0.05)
        return (h, id)
    }

    /// What a refused command must not change.
    struct Snapshot: Equatable {
        var limits: PerAxis<AxisLimits?>
        var activeMotion: MotionController.ActiveMotion
        var commandsApplied: UInt64
        var regionOfInterest: NormalizedRectUpperLeft

        init(_ h: LinkHarness) {
            let status = h.virtual.stand.status()
            limits = status.limits
            activeMotion = status.activeMotion
            commandsApplied = status.commandsApplied
            regionOfInterest = h.hub.tracking.regionOfInterest
        }
    }

    /// Sends `message`, expects `invalidParameter` with `reason`, and that nothing changed.
    func expectRefused(
        _ message: HostMessage, _ reason: SwivelError.Reason, axis: Axis? = nil, h: LinkHarness, id: SessionID,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = Snapshot(h)
        guard case .error(let err)? = h.call(message, on: id) else {
            Issue.record("\(message) was not refused", sourceLocation: sourceLocation)
            return
        }
        #expect(err.code == .invalidParameter, sourceLocation: sourceLocation)
        #expect(err.reason == reason.text, "\(err)", sourceLocation: sourceLocation)
        #expect(err.value != nil, "the ERR carries the value", sourceLocation: sourceLocation)
        if let axis { #expect(err.axis == axis, sourceLocation: sourceLocation) }
        h.run(seconds: 0.05)
        #expect(Snapshot(h) == before, "a refused command changed the stand", sourceLocation: sourceLocation)
    }

    @Test func theIssuesMotionValuesAreRefusedAndChangeNothing() throws {
        let (h, id) = try manualHost()
        expectRefused(.setAngularVelocity(Vector3(yaw: 1e17)), .angularVelocityOutOfRange, axis: .yaw, h: h, id: id)
        expectRefused(.setAngularVelocity(Vector3(pitch: -9.3e16)), .angularVelocityOutOfRange, axis: .pitch, h: h, id: id)
        for duration in [1e9, 1e38, Double(Float.greatestFiniteMagnitude)] {
            let move = OrientationRequest(target: .angles(Vector3(yaw: 0.5)), durationSeconds: duration, relative: false)
            expectRefused(.setOrientation(move), .durationOutOfRange, h: h, id: id)
        }
        // Yaw is continuous on the simulated board: nothing but the range stops this.
        let spin = OrientationRequest(target: .angles(Vector3(yaw: -3.4e38)), durationSeconds: 0, relative: true)
        expectRefused(.setOrientation(spin), .angleOutOfRange, axis: .yaw, h: h, id: id)
        // None of it spent the 2-per-second budget: two moves still start.
        for yaw in [0.1, 0.2] {
            let move = OrientationRequest(target: .angles(Vector3(yaw: yaw)), durationSeconds: 0.2, relative: false)
            #expect(h.call(.setOrientation(move), on: id)?.receipt != nil)
        }
    }

    @Test func theIssuesLimitsAreRefusedAndChangeNothing() throws {
        let (h, id) = try manualHost()
        func limits(_ limit: LimitsRequest.AxisLimit, on axis: Axis) -> HostMessage {
            var request = LimitsRequest(limits: PerAxis(repeating: nil))
            request.limits[axis] = limit
            return .setLimits(request)
        }
        expectRefused(limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 1e-40), on: .yaw),
                      .speedOutOfRange, axis: .yaw, h: h, id: id)
        expectRefused(limits(.init(lowerRadians: -1.4e-45, upperRadians: 1.4e-45, maximumSpeed: 1), on: .pitch),
                      .rangeTooNarrow, axis: .pitch, h: h, id: id)
        // A wide range whose overlap with pitch's hardware range is a sliver.
        let pitch = try #require(h.virtual.stand.status().limits.pitch?.positionRange)
        expectRefused(limits(.init(lowerRadians: pitch.upperRadians - 1e-5, upperRadians: 3, maximumSpeed: 1), on: .pitch),
                      .rangeTooNarrow, axis: .pitch, h: h, id: id)
        // Undefined axis bits, raw: a sane yaw limit, plus bit 5 (read as yaw alone, it was applied).
        let before = Snapshot(h)
        let seq = h.nextSequence
        h.nextSequence &+= 1
        let header = FrameHeader(sequence: seq, messageID: MessageID.setLimits.rawValue)
        var payload = limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.5), on: .yaw).encodePayload()
        payload[0] |= 0b10_0000
        h.sendBytes(try FrameEncoder.encode(header, payload: payload), from: id)
        guard case .error(let err)? = h.reply(to: seq, on: id) else {
            Issue.record("undefined axis bits were accepted")
            return
        }
        #expect(err.code == .invalidParameter)
        #expect(err.reason == SwivelError.Reason.undefinedAxisBits.text)
        #expect(err.value == 34)
        h.run(seconds: 0.05)
        #expect(Snapshot(h) == before)
        // A sane limit still applies.
        #expect(h.call(limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.5), on: .yaw), on: id)?.isAck == true)
    }

    @Test func aSubnormalRegionOfInterestIsRefused() throws {
        let (h, id) = try manualHost()
        expectRefused(.setRegionOfInterest(NormalizedRectUpperLeft(x: 0.2, y: 0.2, width: 1e-40, height: 0.3)),
                      .regionOfInterestTooSmall, h: h, id: id)
        #expect(h.call(.setRegionOfInterest(NormalizedRectUpperLeft(x: 0.2, y: 0.2, width: 0.3, height: 0.3)), on: id)?.isAck == true)
    }

    // MARK: - TRACK

    static let face = Observation(
        identifier: 7, kind: .humanFace, rect: NormalizedRectLowerLeft(x: 0.45, y: 0.5, width: 0.1, height: 0.13))

    static func batch(
        age: UInt32 = 0, intrinsics: CameraInformation.Intrinsics? = nil, observation: Observation = face
    ) -> HostMessage {
        .track(TrackBatch(
            captureAgeMicroseconds: age,
            camera: CameraInformation(deviceType: .wideAngle, position: .back, orientation: .landscapeLeft, intrinsics: intrinsics),
            observations: [observation]))
    }

    static let pinhole = CameraInformation.Intrinsics(
        matrix: [1000, 0, 960, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080)

    @Test func theIssuesTrackBatchesAreRefused() throws {
        let (h, id) = try manualHost()
        func with(_ index: Int, _ value: Double) -> CameraInformation.Intrinsics {
            var bad = Self.pinhole
            bad.matrix[index] = value
            return bad
        }
        expectRefused(Self.batch(intrinsics: with(0, .nan)), .nonFiniteValue, h: h, id: id)
        expectRefused(Self.batch(intrinsics: with(0, 0)), .intrinsicsOutOfRange, h: h, id: id)
        expectRefused(Self.batch(intrinsics: with(4, -800)), .intrinsicsOutOfRange, h: h, id: id)
        var noSize = Self.pinhole
        noSize.referenceWidth = 0
        expectRefused(Self.batch(intrinsics: noSize), .referenceSizeOutOfRange, h: h, id: id)
        expectRefused(Self.batch(age: 0xFFFF_FFFF), .captureAgeOutOfRange, h: h, id: id)
        #expect(h.hub.tracking.latest == nil, "no refused batch reached the selector")
        // The same batch with sane numbers is taken.
        #expect(h.call(Self.batch(intrinsics: Self.pinhole), on: id)?.isAck == true)
    }

    /// Issue 24 §4: a batch without intrinsics whose reference size is NaN,
    /// 0×0, negative or 1e38 was taken, and the stand turned to the face (pitch
    /// 0.15 rad). Each is refused and the stand stays where it is; the same
    /// batches with a real size move it, so the stillness is the refusal's.
    @Test func aBadReferenceSizeWithoutIntrinsicsIsRefusedAndTheStandStaysStill() throws {
        let (h, id) = try manualHost()
        let offCentre = Observation(
            identifier: 7, kind: .humanFace, rect: NormalizedRectLowerLeft(x: 0.75, y: 0.75, width: 0.1, height: 0.13))
        func send(width: Float, height: Float) -> AccessoryMessage? {
            var payload = Self.batch(observation: offCentre).encodePayload()
            for (offset, value) in [(44, width), (48, height)] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { payload.replaceSubrange(offset..<offset + 4, with: $0) }
            }
            let seq = h.nextSequence
            h.nextSequence &+= 1
            h.sendBytes(try! FrameEncoder.encode(FrameHeader(sequence: seq, messageID: MessageID.track.rawValue), payload: payload), from: id)
            return h.reply(to: seq, on: id)
        }
        let start = h.positions
        let before = Snapshot(h)
        for (width, height) in [(Float.nan, Float(1080)), (0, 0), (-1920, -1080), (1e38, 1e38)] {
            for _ in 0..<15 {
                guard case .error(let err)? = send(width: width, height: height) else {
                    Issue.record("\(width)×\(height) was not refused")
                    return
                }
                #expect(err.code == .invalidParameter)
                h.run(seconds: 1.0 / 30)
            }
        }
        h.run(seconds: 0.5)
        #expect(Snapshot(h) == before)
        #expect(h.hub.tracking.latest == nil, "no refused batch reached the selector")
        for axis in Axis.allCases { #expect(abs(h.positions[axis] - start[axis]) < 1e-9, "\(axis) moved") }
        for _ in 0..<15 {
            #expect(send(width: 1920, height: 1080)?.isAck == true)
            h.run(seconds: 1.0 / 30)
        }
        h.run(seconds: 0.5)
        #expect(abs(h.positions.pitch - start.pitch) > 0.05, "a sane batch turns the stand: pitch \(h.positions.pitch)")
    }

    /// docs/TRACKING.md: a confidence outside 0...1 or NaN is invalidParameter
    /// (it was dropped silently and answered noSubjectFound).
    @Test func confidencesOutsideZeroToOneAreInvalidParameterNotNoSubjectFound() throws {
        let (h, id) = try manualHost()
        var loud = Self.face
        loud.speakingConfidence = 1.5
        expectRefused(Self.batch(observation: loud), .confidenceOutOfRange, h: h, id: id)
        var blank = Self.face
        blank.lookingAtCameraConfidence = .nan
        expectRefused(Self.batch(observation: blank), .nonFiniteValue, h: h, id: id)
        var sure = Self.face
        sure.speakingConfidence = 1
        #expect(h.call(Self.batch(observation: sure), on: id)?.isAck == true)
    }
}
