import Testing
@testable import SwivelCore

@Suite struct SubjectSelectorInputTests {
    typealias F = SubjectFixture

    @Test func aFaceAndABodyWithOneIdentifierAreOnePerson() throws {
        var selector = SubjectSelector(seed: 2)
        let body = Observation(identifier: 5, kind: .humanBody, rect: F.rect(0.25, 0, 0.5, 0.875), speakingConfidence: 0.75)
        let face = Observation(
            identifier: 5, kind: .humanFace, rect: F.rect(0.375, 0.5, 0.25, 0.25), faceYawRadians: 0.25,
            lookingAtCameraConfidence: 0.5)
        let selection = selector.update(with: [body, face], framingTarget: F.centre, at: 0)
        #expect(selection.subjects.count == 1)
        let person = try #require(selection.subjects.first)
        #expect(person.kind == .person)
        #expect(person.observationKind == .humanFace)
        #expect(person.rect == face.rect) // the face is what framing aims at
        #expect(person.faceYawRadians == 0.25)
        #expect(person.lookingAtCameraConfidence == 0.5)
        #expect(person.speakingConfidence == 0.75) // filled in from the body
        #expect(person.saliencyRank == 1)

        // The other order gives the same subject.
        var other = SubjectSelector(seed: 2)
        #expect(other.update(with: [face, body], framingTarget: F.centre, at: 0) == selection)
    }

    @Test func aRepeatedIdentifierOfOneKindKeepsTheFirst() {
        var selector = SubjectSelector(seed: 2)
        let first = Observation(identifier: 5, kind: .object, rect: F.rect(0, 0, 0.25, 0.25))
        let second = Observation(identifier: 5, kind: .object, rect: F.rect(0.5, 0.5, 0.5, 0.5))
        let selection = selector.update(with: [first, second], framingTarget: F.centre, at: 0)
        #expect(selection.subjects.map(\.rect) == [first.rect])
    }

    @Test func badObservationsAreRejectedByValidateAndDroppedByUpdate() {
        let good = F.face(1, cx: 0.5)
        var nanRect = F.face(2, cx: 0.3)
        nanRect.rect.width = .nan
        var negative = F.face(3, cx: 0.3)
        negative.rect.height = -0.25
        let loud = F.face(4, cx: 0.3, speaking: 1.5)
        let infiniteLook = F.face(5, cx: 0.3, looking: -.infinity)
        var spinning = F.face(6, cx: 0.3)
        spinning.faceYawRadians = .nan

        #expect(throws: Never.self) { try SubjectSelector.validate([good]) }
        #expect(throws: SwivelError(.invalidParameter, .negativeRectSize, value: -0.25)) {
            try SubjectSelector.validate([good, negative])
        }
        #expect(throws: SwivelError(.invalidParameter, .confidenceOutOfRange, value: 1.5)) {
            try SubjectSelector.validate([loud])
        }
        #expect(throws: SwivelError(.invalidParameter, .nonFiniteValue, value: -.infinity)) {
            try SubjectSelector.validate([infiniteLook])
        }
        for bad in [nanRect, spinning] {
            #expect(throws: SwivelError.self) { try SubjectSelector.validate([bad]) }
            #expect(SubjectSelector.problem(with: bad)?.reason == .nonFiniteValue)
        }

        var selector = SubjectSelector(seed: 2)
        let selection = selector.update(
            with: [nanRect, negative, good, loud, infiniteLook, spinning], framingTarget: F.centre, at: 0)
        #expect(selection.rankedIdentifiers == [1])
        #expect(selection.subjects.map(\.saliencyRank) == [1])
    }

    @Test func aRectPartlyOutsideTheFrameIsAccepted() throws {
        let edge = Observation(identifier: 1, kind: .humanFace, rect: F.rect(-0.125, 0.5, 0.25, 0.25))
        try SubjectSelector.validate([edge])
        var selector = SubjectSelector(seed: 2)
        #expect(selector.update(with: [edge], framingTarget: F.centre, at: 0).framed.map(\.rect) == [edge.rect])
    }

    @Test func configurationRejectsNegativeAndNonFiniteSettings() throws {
        typealias C = SubjectSelector.Configuration
        #expect(throws: SwivelError(.invalidParameter, .negativeSelectionSetting, value: -0.1)) {
            try C(hysteresisMargin: -0.1)
        }
        #expect(throws: SwivelError(.invalidParameter, .nonFiniteValue, value: .infinity)) {
            try C(minimumDwellSeconds: .infinity)
        }
        #expect(throws: SwivelError(.invalidParameter, .negativeSelectionSetting, value: -1)) {
            try C(forgetAfterSeconds: -1)
        }
        #expect(throws: SwivelError.self) { try C.Weights(object: .nan) }
        #expect(throws: SwivelError(.invalidParameter, .negativeSelectionSetting, value: -2)) {
            try C.Weights(speakingBoost: -2)
        }
        #expect(try C() == C.default)
        #expect(try C.Weights() == C.Weights.default)
        #expect(C.default.forgetAfterSeconds == 1)
        #expect(SwivelError(.noSubjectFound, .noSubjectAtPoint).description
            == "noSubjectFound: no subject of the last observation batch contains that point")
    }
}
