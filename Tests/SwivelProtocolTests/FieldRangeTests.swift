import SwivelVocabulary
import SwivelProtocol
import Testing

/// docs/PROTOCOL.md "Field ranges": the table agrees with `InputRanges`, and
/// every range is enforced as a message decodes, with the field's reason, the
/// value and the axis in the ERR a stand would send.
@Suite struct FieldRangeTests {
    struct Row: Equatable, CustomStringConvertible {
        var message: String
        var field: String
        var lower: Double
        var upper: Double
        var description: String { "| \(message) | \(field) | \(lower) … \(upper) |" }
    }

    /// The rows of the table under "### Field ranges".
    static func documentedRows() throws -> [Row] {
        let text = try ProtocolDocumentTests.documentText()
        var rows: [Row] = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("### Field ranges") {
                inSection = true
                continue
            }
            guard inSection else { continue }
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("| "), !line.hasPrefix("| Message"), !line.hasPrefix("|---") else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
            // "", message, field, range, unit, why, ""
            guard cells.count >= 6 else { throw DocumentError("a short row: \(line)") }
            let ends = cells[3].split(separator: "…").map { $0.trimmingSpaces }
            guard ends.count == 2, let lower = Double(ends[0]), let upper = Double(ends[1]) else {
                throw DocumentError("range \"\(cells[3])\" is not \"lower … upper\": \(line)")
            }
            rows.append(Row(message: String(cells[1]), field: String(cells[2]), lower: lower, upper: upper))
        }
        return rows
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-4 * max(abs(a), abs(b)) + 1e-12 }

    @Test func theDocumentsTableIsInputRanges() throws {
        let documented = try Self.documentedRows()
        #expect(documented.count == InputRanges.all.count, "\(documented)")
        for (row, range) in zip(documented, InputRanges.all) {
            #expect(row.message == range.message && row.field == range.field, "\(row) vs \(range.message) \(range.field)")
            #expect(Self.close(row.lower, range.lower) && Self.close(row.upper, range.upper),
                    "\(row) vs \(range.lower) … \(range.upper)")
        }
    }

    @Test func everyRangeHasItsOwnFieldAndAReasonNamingIt() {
        let names = InputRanges.all.map { "\($0.message) \($0.field)" }
        #expect(Set(names).count == names.count)
        for entry in InputRanges.all {
            let ordered = entry.lower < entry.upper
            #expect(ordered, "\(entry.field)")
            #expect(!entry.reason.text.isEmpty)
            let nan = entry.contains(.nan)
            #expect(!nan)
        }
    }

    // MARK: - Decoding refuses what lies outside

    /// The ERR the stand would answer with, or nil when the message decodes.
    func refusal(_ message: HostMessage) -> ErrorReply? {
        refusal(id: message.messageID, message.encodePayload())
    }

    func refusal(id: MessageID, _ payload: [UInt8]) -> ErrorReply? {
        do {
            _ = try HostMessage.decode(messageID: id.rawValue, payload: payload)
            return nil
        } catch {
            return ErrorReply(commandID: id.rawValue, error)
        }
    }

    func move(_ target: OrientationTarget, duration: Double = 1, relative: Bool = false) -> HostMessage {
        .setOrientation(OrientationRequest(target: target, durationSeconds: duration, relative: relative))
    }

    @Test func angularVelocitiesBeyondEveryCapAreRefusedNamingTheAxis() throws {
        #expect(refusal(.setAngularVelocity(Vector3(pitch: -100, yaw: 100, roll: 0))) == nil)
        let err = try #require(refusal(.setAngularVelocity(Vector3(yaw: 1e17))))
        #expect(err.code == .invalidParameter)
        #expect(err.axis == .yaw)
        #expect(err.value == Double(Float(1e17)))
        #expect(err.reason == SwivelError.Reason.angularVelocityOutOfRange.text)
        #expect(refusal(.setAngularVelocity(Vector3(pitch: -100.5)))?.axis == .pitch)
        #expect(refusal(.setAngularVelocity(Vector3(roll: .nan)))?.code == .invalidParameter)
        #expect(refusal(.setAngularVelocity(Vector3(roll: -.infinity)))?.reason == SwivelError.Reason.nonFiniteValue.text)
    }

    @Test func theIssuesDurationsAreRefused() {
        #expect(refusal(move(.angles(Vector3(yaw: 0.5)), duration: 86_400)) == nil)
        #expect(refusal(move(.angles(Vector3(yaw: 0.5)), duration: 0)) == nil)
        for duration in [1e9, 1e38, Double(Float.greatestFiniteMagnitude), 86_401] {
            let err = refusal(move(.angles(Vector3(yaw: 0.5)), duration: duration))
            #expect(err?.code == .invalidParameter, "duration \(duration)")
            #expect(err?.reason == SwivelError.Reason.durationOutOfRange.text)
            #expect(err?.value == Double(Float(duration)))
        }
        #expect(refusal(move(.angles(Vector3(yaw: 0.5)), duration: -1))?.reason == SwivelError.Reason.negativeDuration.text)
    }

    @Test func anglesBeyondTwoTurnsAreRefusedAbsoluteOrRelative() {
        #expect(refusal(move(.angles(Vector3(yaw: 12.5)), relative: true)) == nil)
        let huge = refusal(move(.angles(Vector3(yaw: -3.4e38)), relative: true))
        #expect(huge?.code == .invalidParameter)
        #expect(huge?.axis == .yaw)
        #expect(huge?.reason == SwivelError.Reason.angleOutOfRange.text)
        #expect(refusal(move(.angles(Vector3(pitch: 13)), relative: false))?.axis == .pitch)
        // A quaternion's length is its range.
        #expect(refusal(move(.quaternion(Quaternion(w: 1.0005, x: 0, y: 0, z: 0)))) == nil)
        #expect(refusal(move(.quaternion(Quaternion(w: 3e38, x: 3e38, y: 0, z: 0))))?.code == .invalidParameter)
    }

    func limits(_ limit: LimitsRequest.AxisLimit, on axis: Axis = .yaw) -> HostMessage {
        var request = LimitsRequest(limits: PerAxis(repeating: nil))
        request.limits[axis] = limit
        return .setLimits(request)
    }

    @Test func subnormalSpeedsAndSliversOfRangeAreRefused() {
        let ok = limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.001))
        #expect(refusal(ok) == nil)
        let subnormal = refusal(limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 1e-40)))
        #expect(subnormal?.code == .invalidParameter)
        #expect(subnormal?.axis == .yaw)
        #expect(subnormal?.reason == SwivelError.Reason.speedOutOfRange.text)
        #expect(refusal(limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 101)))?.reason
            == SwivelError.Reason.speedOutOfRange.text)
        let sliver = refusal(limits(.init(lowerRadians: -1.4e-45, upperRadians: 1.4e-45, maximumSpeed: 1), on: .pitch))
        #expect(sliver?.axis == .pitch)
        #expect(sliver?.reason == SwivelError.Reason.rangeTooNarrow.text)
        #expect(refusal(limits(.init(lowerRadians: -20, upperRadians: 1, maximumSpeed: 1)))?.reason
            == SwivelError.Reason.limitOutOfRange.text)
        // The rules that were there stay first.
        #expect(refusal(limits(.init(lowerRadians: 1, upperRadians: 1, maximumSpeed: 1)))?.reason
            == SwivelError.Reason.rangeMinimumNotBelowMaximum.text)
        #expect(refusal(limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0)))?.reason
            == SwivelError.Reason.nonPositiveSpeed.text)
    }

    @Test func undefinedAxisBitsAreRefused() {
        // A sane yaw limit, plus bit 3: read as yaw alone, it decoded.
        var payload = limits(.init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 1)).encodePayload()
        #expect(payload[0] == 0b0010)
        payload[0] |= 0b1000
        let err = refusal(id: .setLimits, payload)
        #expect(err?.code == .invalidParameter)
        #expect(err?.value == 10)
        #expect(err?.reason == SwivelError.Reason.undefinedAxisBits.text)
        #expect(refusal(id: .setLimits, [0]) == nil)
    }

    @Test func regionsOfInterestAndPointsOutsideTheirRangesAreRefused() {
        #expect(refusal(.setRegionOfInterest(NormalizedRectUpperLeft(x: 0.2, y: 0.2, width: 0.01, height: 0.5))) == nil)
        let tiny = refusal(.setRegionOfInterest(NormalizedRectUpperLeft(x: 0.2, y: 0.2, width: 1e-40, height: 0.5)))
        #expect(tiny?.code == .invalidParameter)
        #expect(tiny?.reason == SwivelError.Reason.regionOfInterestTooSmall.text)
        #expect(refusal(.setRegionOfInterest(NormalizedRectUpperLeft(x: 0.6, y: 0, width: 0.5, height: 0.5)))?.reason
            == SwivelError.Reason.regionOfInterestOutsideFrame.text)
        #expect(refusal(.selectSubject(at: NormalizedPointUpperLeft(x: 1, y: 0))) == nil)
        #expect(refusal(.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 7)))?.reason
            == SwivelError.Reason.pointOutsideFrame.text)
    }

    // MARK: - TRACK

    static let pinhole = CameraInformation.Intrinsics(
        matrix: [1000, 0, 960, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080)

    func track(
        age: UInt32 = 33_000, intrinsics: CameraInformation.Intrinsics? = nil, observation: Observation? = nil
    ) -> HostMessage {
        let face = observation ?? Observation(
            identifier: 1, kind: .humanFace, rect: NormalizedRectLowerLeft(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
        return .track(TrackBatch(
            captureAgeMicroseconds: age,
            camera: CameraInformation(deviceType: .wideAngle, position: .back, orientation: .corrected, intrinsics: intrinsics),
            observations: [face]))
    }

    func face(yaw: Double? = nil, speaking: Double? = nil, looking: Double? = nil,
              rect: NormalizedRectLowerLeft = NormalizedRectLowerLeft(x: 0.4, y: 0.4, width: 0.2, height: 0.2)) -> Observation {
        Observation(identifier: 1, kind: .humanFace, rect: rect, faceYawRadians: yaw,
                    speakingConfidence: speaking, lookingAtCameraConfidence: looking)
    }

    @Test func theCaptureAgeReachesOneSecond() {
        #expect(refusal(track(age: 1_000_000)) == nil)
        let err = refusal(track(age: .max))
        #expect(err?.code == .invalidParameter)
        #expect(err?.value == Double(UInt32.max))
        #expect(err?.reason == SwivelError.Reason.captureAgeOutOfRange.text)
    }

    @Test func intrinsicsThatAreNaNZeroNegativeOrOfNoSizeAreRefused() {
        #expect(refusal(track(intrinsics: Self.pinhole)) == nil)
        func with(_ index: Int, _ value: Double) -> CameraInformation.Intrinsics {
            var bad = Self.pinhole
            bad.matrix[index] = value
            return bad
        }
        let cases: [(CameraInformation.Intrinsics, SwivelError.Reason)] = [
            (with(0, .nan), .nonFiniteValue),
            (with(0, 0), .intrinsicsOutOfRange),
            (with(4, -1000), .intrinsicsOutOfRange),
            (with(2, 3e7), .intrinsicsOutOfRange),
            (with(6, 960), .intrinsicsNotPinhole),
            (with(8, 0), .intrinsicsNotPinhole),
            (CameraInformation.Intrinsics(matrix: Self.pinhole.matrix, referenceWidth: 0, referenceHeight: 1080), .referenceSizeOutOfRange),
            (CameraInformation.Intrinsics(matrix: Self.pinhole.matrix, referenceWidth: 1920, referenceHeight: -1), .referenceSizeOutOfRange),
        ]
        for (intrinsics, reason) in cases {
            let err = refusal(track(intrinsics: intrinsics))
            #expect(err?.code == .invalidParameter, "\(intrinsics)")
            #expect(err?.reason == reason.text, "\(intrinsics)")
        }
        // Absent, its zeros are not intrinsics at all.
        #expect(refusal(track(intrinsics: nil)) == nil)
    }

    /// Issue 24 §4: without intrinsics the reference size was read and dropped,
    /// so NaN, 0×0, a negative or 1e38 passed; §3 holds it to 1…100000 px always.
    @Test func aReferenceSizeWithoutIntrinsicsKeepsItsRange() throws {
        func withoutIntrinsics(width: Float, height: Float) -> [UInt8] {
            var payload = track(intrinsics: nil).encodePayload()
            // u32 age, 3 × u8, bool, 9 × f32: the size starts at byte 44.
            #expect(payload[7] == 0, "intrinsics absent")
            for (offset, value) in [(44, width), (48, height)] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { payload.replaceSubrange(offset..<offset + 4, with: $0) }
            }
            return payload
        }
        let cases: [(Float, Float, SwivelError.Reason)] = [
            (.nan, 1080, .nonFiniteValue), (1920, .nan, .nonFiniteValue), (0, 0, .referenceSizeOutOfRange),
            (-1920, 1080, .referenceSizeOutOfRange), (1e38, 1e38, .referenceSizeOutOfRange),
            (1920, 100_001, .referenceSizeOutOfRange), (.infinity, 1080, .nonFiniteValue),
        ]
        for (width, height, reason) in cases {
            let err = try #require(refusal(id: .track, withoutIntrinsics(width: width, height: height)), "\(width)×\(height)")
            #expect(err.code == .invalidParameter, "\(width)×\(height)")
            #expect(err.reason == reason.text, "\(width)×\(height)")
        }
        for (width, height) in [(Float(1), Float(1)), (640, 480), (100_000, 100_000)] {
            #expect(refusal(id: .track, withoutIntrinsics(width: width, height: height)) == nil, "\(width)×\(height)")
        }
        // What this encoder sends without intrinsics lies in the range.
        let sent = track(intrinsics: nil).encodePayload()
        #expect(Array(sent[44..<52]) == [0x00, 0x00, 0xf0, 0x44, 0x00, 0x00, 0x87, 0x44], "1920 × 1080")
    }

    @Test func confidencesOutsideZeroToOneOrNaNAreInvalidParameter() {
        #expect(refusal(track(observation: face(speaking: 1, looking: 0))) == nil)
        for bad in [face(speaking: 1.5), face(looking: -0.1), face(speaking: .nan)] {
            let err = refusal(track(observation: bad))
            #expect(err?.code == .invalidParameter, "\(bad)")
        }
        #expect(refusal(track(observation: face(speaking: 1.5)))?.reason == SwivelError.Reason.confidenceOutOfRange.text)
        #expect(refusal(track(observation: face(yaw: 4)))?.reason == SwivelError.Reason.faceYawOutOfRange.text)
        #expect(refusal(track(observation: face(yaw: -3))) == nil)
    }

    @Test func aGesturesConfidenceIsZeroToOne() {
        #expect(refusal(.gesture(Gesture(kind: .openPalm, confidence: 0))) == nil)
        #expect(refusal(.gesture(Gesture(kind: .openPalm, confidence: 1))) == nil)
        for confidence in [1.0001, -0.0001, 3e38, -1] {
            let err = refusal(.gesture(Gesture(kind: .openPalm, confidence: confidence)))
            #expect(err?.code == .invalidParameter, "confidence \(confidence)")
            #expect(err?.reason == SwivelError.Reason.gestureConfidenceOutOfRange.text)
            #expect(err?.value == Double(Float(confidence)))
        }
        #expect(refusal(.gesture(Gesture(kind: .openPalm, confidence: .nan)))?.reason == SwivelError.Reason.nonFiniteValue.text)
        #expect(InputRanges.all.last == InputRanges.gestureConfidence)
    }

    @Test func observationRectsKeepTheirRules() {
        let edge = NormalizedRectLowerLeft(x: -0.125, y: 0.5, width: 0.25, height: 0.25)
        #expect(refusal(track(observation: face(rect: edge))) == nil)
        for rect in [
            NormalizedRectLowerLeft(x: 0.4, y: 0.4, width: 1e-40, height: 0.2),
            NormalizedRectLowerLeft(x: 0.4, y: 0.4, width: 0, height: 0.2),
            NormalizedRectLowerLeft(x: 1.4, y: 0.4, width: 0.2, height: 0.2),
            NormalizedRectLowerLeft(x: 0.4, y: .infinity, width: 0.2, height: 0.2),
        ] {
            #expect(refusal(track(observation: face(rect: rect)))?.code == .invalidParameter, "\(rect)")
        }
    }

    @Test func undefinedObservationFlagsAreRefused() throws {
        var payload = track().encodePayload()
        // The first observation's flags byte: after the 53-byte head, i64 id, u8 kind, 16-byte rect.
        let flags = 53 + 8 + 1 + 16
        #expect(payload[flags] == 0)
        payload[flags] = 0x08
        let err = try #require(refusal(id: .track, payload))
        #expect(err.code == .invalidParameter)
        #expect(err.reason == SwivelError.Reason.undefinedFlagBits.text)
    }
}
