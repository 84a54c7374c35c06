import Testing
@testable import SwivelCore

private typealias P = NormalizedPointLowerLeft
private typealias R = NormalizedRectLowerLeft

private func close(_ a: P, _ b: P) -> Bool { abs(a.x - b.x) <= 1e-12 && abs(a.y - b.y) <= 1e-12 }

@Suite struct FramingTargetReferencePointTests {
    @Test func aFaceAndAnObjectAreFramedByTheirCentre() {
        let rect = R(x: 0.2, y: 0.1, width: 0.2, height: 0.4)
        #expect(close(FramingTarget.referencePoint(of: rect, kind: .humanFace), P(x: 0.3, y: 0.3)))
        #expect(close(FramingTarget.referencePoint(of: rect, kind: .object), P(x: 0.3, y: 0.3)))
    }

    @Test func aBodyIsFramedByItsEyeLine() {
        // 15% of the height below the top (top = y + height = 0.9).
        let rect = R(x: 0.2, y: 0.1, width: 0.2, height: 0.8)
        #expect(close(FramingTarget.referencePoint(of: rect, kind: .humanBody), P(x: 0.3, y: 0.9 - 0.15 * 0.8)))
    }

    @Test func aGroupIsFramedByFacesWhenItHasAny() {
        #expect(FramingTarget.referenceKind(ofGroup: [.object, .humanBody, .humanFace]) == .humanFace)
        #expect(FramingTarget.referenceKind(ofGroup: [.object, .humanBody]) == .humanBody)
        #expect(FramingTarget.referenceKind(ofGroup: [.object, .object]) == .object)
        #expect(FramingTarget.referenceKind(ofGroup: []) == .object)
    }
}

@Suite struct FramingTargetPointTests {
    private let full = NormalizedRectUpperLeft.fullFrame
    // The right half of the frame, from 0.2 to 0.8 down from the top:
    // lower-left y from 0.2 to 0.8 as well; its upper-third line is at 0.6.
    private let rightHalf = NormalizedRectUpperLeft(x: 0.5, y: 0.2, width: 0.5, height: 0.6)

    private func target(
        _ mode: FramingMode, _ roi: NormalizedRectUpperLeft, _ kind: Observation.Kind = .humanFace,
        yaw: Double? = nil, group: Bool = false
    ) -> P {
        FramingTarget.point(mode: mode, regionOfInterest: roi, kind: kind, faceYawRadians: yaw, isGroup: group)
    }

    @Test func eachModeInTheFullFrame() {
        #expect(close(target(.center, full), P(x: 0.5, y: 2.0 / 3)))
        #expect(close(target(.left, full), P(x: 1.0 / 3, y: 2.0 / 3)))
        #expect(close(target(.right, full), P(x: 2.0 / 3, y: 2.0 / 3)))
        #expect(close(target(.automatic, full), P(x: 0.5, y: 2.0 / 3)))
    }

    @Test func eachModeInsideACroppedRegion() {
        #expect(close(target(.center, rightHalf), P(x: 0.75, y: 0.6)))
        #expect(close(target(.left, rightHalf), P(x: 0.5 + 0.5 / 3, y: 0.6)))
        #expect(close(target(.right, rightHalf), P(x: 0.5 + 1.0 / 3, y: 0.6)))
        #expect(close(target(.automatic, rightHalf), P(x: 0.75, y: 0.6)))
        #expect(close(target(.center, rightHalf, .object), P(x: 0.75, y: 0.5)))
        for mode in FramingMode.allCases {
            let p = target(mode, rightHalf, yaw: 1)
            #expect(rightHalf.contains(p.upperLeft))
        }
    }

    @Test func peopleGetHeadRoomObjectsAreCentred() {
        for kind in [Observation.Kind.humanFace, .humanBody] {
            // The upper-third line: a third of the region below its top.
            #expect(close(target(.center, rightHalf, kind), P(x: 0.75, y: 0.8 - 0.6 / 3)))
        }
        #expect(close(target(.left, rightHalf, .object), P(x: 0.5 + 0.5 / 3, y: 0.5)))
        // A group of faces keeps head-room too.
        #expect(close(target(.automatic, full, .humanFace, group: true), P(x: 0.5, y: 2.0 / 3)))
    }

    @Test func automaticGivesLeadRoomToATurnedFace() {
        // Turned right (positive): on the left third, space ahead on the right.
        #expect(close(target(.automatic, full, yaw: 0.36), P(x: 1.0 / 3, y: 2.0 / 3)))
        #expect(close(target(.automatic, full, yaw: -0.36), P(x: 2.0 / 3, y: 2.0 / 3)))
        #expect(close(target(.automatic, rightHalf, yaw: 1.2), P(x: 0.5 + 0.5 / 3, y: 0.6)))
        // A body whose detector gave a face yaw is a person too.
        #expect(close(target(.automatic, full, .humanBody, yaw: -0.8), P(x: 2.0 / 3, y: 2.0 / 3)))
    }

    @Test func automaticCentresWhenLeadRoomDoesNotApply() {
        let centre = P(x: 0.5, y: 2.0 / 3)
        #expect(close(target(.automatic, full, yaw: 0.35), centre)) // at the threshold: still facing us
        #expect(close(target(.automatic, full, yaw: -0.35), centre))
        #expect(close(target(.automatic, full, yaw: 0.2), centre))
        #expect(close(target(.automatic, full, yaw: .nan), centre))
        #expect(close(target(.automatic, full, yaw: .infinity), centre))
        #expect(close(target(.automatic, full, yaw: 1, group: true), centre))
        #expect(close(target(.automatic, full, .object, yaw: 1), P(x: 0.5, y: 0.5)))
    }

    @Test func explicitModesIgnoreFaceYaw() {
        #expect(close(target(.center, full, yaw: 1), P(x: 0.5, y: 2.0 / 3)))
        #expect(close(target(.left, full, yaw: -1), P(x: 1.0 / 3, y: 2.0 / 3)))
        #expect(close(target(.right, full, yaw: 1), P(x: 2.0 / 3, y: 2.0 / 3)))
    }
}

@Suite struct FramingTargetRegionTests {
    @Test func acceptsTheFullFrameACropAndF32Rounding() throws {
        try FramingTarget.validate(.fullFrame)
        try FramingTarget.validate(NormalizedRectUpperLeft(x: 0.5, y: 0.2, width: 0.5, height: 0.6))
        // 0.4 and 0.6 as the wire's f32 sum to 1.00000003.
        try FramingTarget.validate(NormalizedRectUpperLeft(
            x: Double(Float(0.4)), y: 0, width: Double(Float(0.6)), height: 1))
        #expect(Double(Float(0.4)) + Double(Float(0.6)) > 1)
    }

    @Test func nonFiniteValuesAreRejectedAsSuch() {
        for roi in [
            NormalizedRectUpperLeft(x: .nan, y: 0, width: 1, height: 1),
            NormalizedRectUpperLeft(x: 0, y: .infinity, width: 1, height: 1),
            NormalizedRectUpperLeft(x: 0, y: 0, width: .nan, height: 1),
            NormalizedRectUpperLeft(x: 0, y: 0, width: 1, height: -.infinity),
        ] {
            #expect {
                try FramingTarget.validate(roi)
            } throws: { error in
                let e = error as? SwivelError
                return e?.code == .invalidParameter && e?.reason == .nonFiniteValue
            }
        }
    }

    @Test(arguments: [
        (NormalizedRectUpperLeft(x: 0.2, y: 0.2, width: 0, height: 0.5), 0.0),
        (NormalizedRectUpperLeft(x: 0.2, y: 0.2, width: 0.5, height: -0.1), -0.1),
        (NormalizedRectUpperLeft(x: -0.1, y: 0, width: 0.5, height: 0.5), -0.1),
        (NormalizedRectUpperLeft(x: 0, y: -0.01, width: 0.5, height: 0.5), -0.01),
        (NormalizedRectUpperLeft(x: 0.6, y: 0, width: 0.5, height: 0.5), 1.1),
        (NormalizedRectUpperLeft(x: 0, y: 0.5, width: 0.5, height: 0.51), 1.01),
    ])
    func emptyOrOutsideTheFrameIsRejected(_ roi: NormalizedRectUpperLeft, _ offending: Double) {
        #expect(throws: SwivelError(.invalidParameter, .regionOfInterestOutsideFrame, value: offending)) {
            try FramingTarget.validate(roi)
        }
    }
}
