import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 10, section 2, the other side of the field ranges: a value at either
/// end of its range (docs/PROTOCOL.md §3) is taken, and the stand runs on it
/// without a trap (an Int64 overflow, an index, an Int(Double) of a huge
/// plan). The refusals beyond the ends are LinkInputRangeTests'.
@Suite struct LinkRangeEndsTests {
    /// The f32 nearest `value` that still lies inside `range`: the wire carries f32.
    static func inside(_ value: Double, _ range: FieldRange) -> Double {
        var f = Float(value)
        if Double(f) > range.upper { f = f.nextDown }
        if Double(f) < range.lower { f = f.nextUp }
        return Double(f)
    }

    static func ends(_ range: FieldRange) -> [Double] { [inside(range.lower, range), inside(range.upper, range)] }

    /// A manual host on `board`, the stand ticking.
    func host(_ board: String) throws -> (LinkHarness, SessionID) {
        let h = try LinkHarness(board: board)
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        h.run(seconds: 0.05)
        return (h, id)
    }

    /// The reply is ACK (or, for a move, its receipt), not a refusal.
    func expectTaken(_ message: HostMessage, h: LinkHarness, id: SessionID, sourceLocation: SourceLocation = #_sourceLocation) {
        let reply = h.call(message, on: id)
        let taken = reply?.isAck == true || reply?.receipt != nil
        #expect(taken, "\(message) was answered \(String(describing: reply))", sourceLocation: sourceLocation)
    }

    /// The stand is alive, unfaulted, and every measured position a number.
    func expectHealthy(_ h: LinkHarness, sourceLocation: SourceLocation = #_sourceLocation) {
        let status = h.virtual.stand.status()
        #expect(status.fault == nil, "\(String(describing: status.fault))", sourceLocation: sourceLocation)
        for axis in Axis.allCases {
            #expect(status.measured[axis].isFinite, "\(axis)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ["sim.json5", "sim-continuous.json5"])
    func motionAtTheEndsOfEveryRangeRunsOn(board: String) throws {
        let (h, id) = try host(board)
        let present = Axis.allCases.filter { h.virtual.stand.status().limits[$0] != nil }
        /// `value` on every axis the stand has, 0 on the others.
        func each(_ value: Double) -> Vector3 {
            var v = Vector3.zero
            for axis in present { v[axis] = value }
            return v
        }
        // The narrowest, slowest limits there are, then the widest and fastest.
        let width = Self.inside(InputRanges.limitWidth.lower, InputRanges.limitWidth) + 1e-6
        let slowest = Self.inside(InputRanges.limitSpeed.lower, InputRanges.limitSpeed)
        var narrow = LimitsRequest(limits: PerAxis(repeating: nil))
        for axis in present { narrow.limits[axis] = .init(lowerRadians: 0.1, upperRadians: 0.1 + width, maximumSpeed: slowest) }
        expectTaken(.setLimits(narrow), h: h, id: id)
        for name in AnimationName.allCases {
            expectTaken(.animate(name), h: h, id: id)
            h.run(seconds: 0.6)
        }
        let longest = Self.inside(InputRanges.duration.upper, InputRanges.duration)
        for end in Self.ends(InputRanges.angle) {
            for relative in [false, true] {
                let move = OrientationRequest(target: .angles(each(end)),
                                              durationSeconds: longest, relative: relative)
                expectTaken(.setOrientation(move), h: h, id: id)
                h.run(seconds: 0.6)
            }
        }
        expectHealthy(h)

        var wide = LimitsRequest(limits: PerAxis(repeating: nil))
        let widest = Self.ends(InputRanges.limitEnd)
        let fastest = Self.inside(InputRanges.limitSpeed.upper, InputRanges.limitSpeed)
        let continuous = board == "sim-continuous.json5"
        for axis in present {
            // A continuous axis takes at most a turn; the others are cut to their hardware range.
            let ends = continuous && axis == .yaw ? [-3.0, 3.0] : widest
            wide.limits[axis] = .init(lowerRadians: ends[0], upperRadians: ends[1], maximumSpeed: fastest)
        }
        expectTaken(.setLimits(wide), h: h, id: id)
        for end in Self.ends(InputRanges.angle) {
            for relative in [false, true] {
                let move = OrientationRequest(target: .angles(each(end)),
                                              durationSeconds: 0, relative: relative)
                expectTaken(.setOrientation(move), h: h, id: id)
                h.run(seconds: 0.6)
            }
        }
        for length in Self.ends(InputRanges.quaternionLength) {
            let q = Quaternion(rotating: 0.3, about: .yaw)
            let scaled = Quaternion(w: q.w * length, x: q.x * length, y: q.y * length, z: q.z * length)
            expectTaken(.setOrientation(OrientationRequest(target: .quaternion(scaled), durationSeconds: 0.2, relative: false)),
                        h: h, id: id)
            h.run(seconds: 0.6)
        }
        for rate in Self.ends(InputRanges.angularVelocity) {
            expectTaken(.setAngularVelocity(each(rate)), h: h, id: id)
            // Long enough for a continuous axis to turn many times at its cap.
            h.run(seconds: 3)
        }
        expectTaken(.stop, h: h, id: id)
        h.run(seconds: 2)
        expectHealthy(h)
    }

    @Test func trackingAtTheEndsOfEveryRangeRunsOn() throws {
        let (h, id) = try host("sim.json5")
        let fx = Self.ends(InputRanges.focalLength), s = Self.ends(InputRanges.principalPoint)
        let zero = Self.ends(InputRanges.intrinsicsZero), one = Self.ends(InputRanges.intrinsicsOne)
        let size = Self.ends(InputRanges.referenceSize)
        let edge = Self.ends(InputRanges.rectEdge), rectSize = Self.ends(InputRanges.rectSize)
        let yaw = Self.ends(InputRanges.faceYaw), confidence = Self.ends(InputRanges.confidence)
        let age = UInt32(InputRanges.captureAge.upper)
        // Each end of each field, in turn, in batches 50 ms apart; the rest ordinary.
        // Before the ages jump to 1 s the sender waits that second: the rate
        // rules judge capture instants, and a capture before the previous one
        // counts as made with it (docs/TRACKING.md, "Observation rate rules").
        for i in 0..<2 {
            let j = 1 - i
            let intrinsics = CameraInformation.Intrinsics(
                matrix: [fx[i], s[i], s[j], zero[i], fx[j], s[i], zero[j], zero[i], one[i]],
                referenceWidth: size[i], referenceHeight: size[j])
            let observations = [
                // Out at the lower-left corner, the smallest box there is.
                Observation(identifier: Int64.min, kind: .humanFace,
                            rect: NormalizedRectLowerLeft(x: edge[0], y: edge[0], width: rectSize[0], height: rectSize[0]),
                            faceYawRadians: yaw[i], speakingConfidence: confidence[i], lookingAtCameraConfidence: confidence[j]),
                // Reaching the upper-right end of the edge range.
                Observation(identifier: Int64.max, kind: .humanBody,
                            rect: NormalizedRectLowerLeft(x: 1.4, y: 1.4, width: 0.1, height: 0.1)),
                // The widest box there is.
                Observation(identifier: 0, kind: .object,
                            rect: NormalizedRectLowerLeft(x: edge[0], y: edge[0], width: rectSize[1], height: rectSize[1])),
            ]
            for ageMicroseconds in [0, age] {
                if ageMicroseconds == age { h.run(seconds: Double(age) / 1e6) }
                for _ in 0..<10 {
                    let batch = TrackBatch(
                        captureAgeMicroseconds: ageMicroseconds,
                        camera: CameraInformation(deviceType: .telephoto, position: .front, orientation: .faceDown,
                                                  intrinsics: intrinsics),
                        observations: observations)
                    let reply = h.call(.track(batch), on: id)
                    #expect(reply?.isAck == true || reply?.errorCode == .frameRateTooLow, "\(String(describing: reply))")
                    h.run(seconds: 0.05)
                }
            }
        }
        let slack = Self.ends(InputRanges.regionOfInterestEdge)
        let smallest = Self.inside(InputRanges.regionOfInterestSize.lower, InputRanges.regionOfInterestSize)
        expectTaken(.setRegionOfInterest(NormalizedRectUpperLeft(x: slack[0], y: slack[0], width: smallest, height: smallest)),
                    h: h, id: id)
        expectTaken(.setRegionOfInterest(NormalizedRectUpperLeft(x: slack[1] - smallest, y: slack[1] - smallest,
                                                                 width: smallest, height: smallest)), h: h, id: id)
        for x in Self.ends(InputRanges.selectionPoint) {
            let reply = h.call(.selectSubject(at: NormalizedPointUpperLeft(x: x, y: x)), on: id)
            #expect(reply?.isAck == true || reply?.errorCode == .noSubjectFound, "\(String(describing: reply))")
        }
        h.run(seconds: 1)
        expectHealthy(h)
    }
}
