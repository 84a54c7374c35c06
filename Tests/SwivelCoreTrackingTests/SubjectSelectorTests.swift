import Testing
@testable import SwivelCore

/// Builders shared by the SubjectSelector suites.
enum SubjectFixture {
    static let centre = NormalizedPointLowerLeft(x: 0.5, y: 0.5)

    /// A person's face centred at (cx, cy) with the given width, 1.2× as tall.
    static func face(
        _ id: Int64, cx: Double, cy: Double = 0.5, width: Double = 0.2, speaking: Double? = nil,
        looking: Double? = nil
    ) -> Observation {
        observation(id, .humanFace, cx: cx, cy: cy, width: width, height: width * 1.2, speaking: speaking, looking: looking)
    }

    static func observation(
        _ id: Int64, _ kind: Observation.Kind, cx: Double, cy: Double = 0.5, width: Double, height: Double,
        speaking: Double? = nil, looking: Double? = nil
    ) -> Observation {
        Observation(
            identifier: id, kind: kind,
            rect: NormalizedRectLowerLeft(x: cx - width / 2, y: cy - height / 2, width: width, height: height),
            speakingConfidence: speaking, lookingAtCameraConfidence: looking)
    }

    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> NormalizedRectLowerLeft {
        NormalizedRectLowerLeft(x: x, y: y, width: width, height: height)
    }
}

extension SubjectSelector.Selection {
    func uuid(of identifier: Int64) -> SubjectUUID? { subjects.first { $0.identifier == identifier }?.uuid }
    func rank(of identifier: Int64) -> Int? { subjects.first { $0.identifier == identifier }?.saliencyRank }
    var framedIdentifiers: [Int64] { framed.map(\.identifier) }
    var rankedIdentifiers: [Int64] { subjects.map(\.identifier) }
}

@Suite struct SubjectSelectorRankingTests {
    typealias F = SubjectFixture

    @Test func everySubjectIsRankedOneToNInOrderOfSalience() {
        var selector = SubjectSelector(seed: 1)
        // Same place class, decreasing size: bigger is more salient.
        let batch = [
            F.face(3, cx: 0.5, width: 0.10), F.face(1, cx: 0.5, width: 0.30), F.face(5, cx: 0.5, width: 0.05),
            F.face(2, cx: 0.5, width: 0.20), F.face(4, cx: 0.5, width: 0.08),
        ]
        let selection = selector.update(with: batch, framingTarget: F.centre, at: 0)
        #expect(selection.rankedIdentifiers == [1, 2, 3, 4, 5])
        #expect(selection.subjects.map(\.saliencyRank) == [1, 2, 3, 4, 5])
        #expect(selection.framedIdentifiers == [1])
        #expect(!selection.isGroup)
        #expect(selection.groupRect == selection.subjects[0].rect)
    }

    @Test func anEmptyBatchFramesNobody() {
        var selector = SubjectSelector(seed: 1)
        let selection = selector.update(with: [], framingTarget: F.centre, at: 0)
        #expect(selection.subjects.isEmpty)
        #expect(selection.framed.isEmpty)
        #expect(selection.groupRect == nil)
    }

    @Test func facesAndBodiesArePersonsAndOutrankObjects() {
        var selector = SubjectSelector(seed: 1)
        let selection = selector.update(
            with: [
                // The object is listed first, is twice as wide and tall (4× the area) and sits on the target.
                F.observation(10, .object, cx: 0.5, width: 0.3, height: 0.3),
                F.observation(11, .humanBody, cx: 0.2, width: 0.15, height: 0.15),
                F.observation(12, .humanFace, cx: 0.8, width: 0.15, height: 0.15),
            ], framingTarget: F.centre, at: 0)
        #expect(selection.rank(of: 10) == 3)
        #expect(selection.subjects.map(\.kind) == [.person, .person, .object])
        #expect(selection.subjects.first { $0.identifier == 11 }?.observationKind == .humanBody)

        // A weight, not a tier: a frame-filling object outranks a tiny face at the same place.
        var huge = SubjectSelector(seed: 1)
        let dwarfed = huge.update(
            with: [F.face(1, cx: 0.5, width: 0.05), F.observation(2, .object, cx: 0.5, width: 0.9, height: 0.9)],
            framingTarget: F.centre, at: 0)
        #expect(dwarfed.rankedIdentifiers == [2, 1])
    }

    @Test func closenessToTheFramingTargetRanks() {
        let batch = [F.face(1, cx: 0.25), F.face(2, cx: 0.75)]
        var left = SubjectSelector(seed: 1)
        #expect(left.update(with: batch, framingTarget: .init(x: 1.0 / 3, y: 0.5), at: 0).rankedIdentifiers == [1, 2])
        var right = SubjectSelector(seed: 1)
        #expect(right.update(with: batch, framingTarget: .init(x: 2.0 / 3, y: 0.5), at: 0).rankedIdentifiers == [2, 1])
    }

    @Test func speakingAndLookingBoostASmallerSubject() {
        var speaking = SubjectSelector(seed: 1)
        let talk = speaking.update(
            with: [F.face(1, cx: 0.3, width: 0.22), F.face(2, cx: 0.7, width: 0.2, speaking: 1)],
            framingTarget: F.centre, at: 0)
        #expect(talk.rankedIdentifiers == [2, 1])
        #expect(talk.subjects[0].speakingConfidence == 1)
        #expect(talk.subjects[1].speakingConfidence == nil)
        #expect(talk.subjects[1].lookingAtCameraConfidence == nil)

        var looking = SubjectSelector(seed: 1)
        let look = looking.update(
            with: [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7, width: 0.2, looking: 1)],
            framingTarget: F.centre, at: 0)
        #expect(look.rankedIdentifiers == [2, 1])

        // Without the confidences the bigger one leads: the boost is what flipped them.
        var plain = SubjectSelector(seed: 1)
        let none = plain.update(with: [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7, width: 0.2)], framingTarget: F.centre, at: 0)
        #expect(none.rankedIdentifiers == [1, 2])
    }

    @Test func theScoreFollowsTheDocumentedFormula() throws {
        let configuration = SubjectSelector.Configuration.default
        let uuid = try #require(SubjectUUID(bytes: Array(repeating: 0, count: 16)))
        var subject = TrackedSubject(
            uuid: uuid, identifier: 1, kind: .person, observationKind: .humanFace,
            rect: NormalizedRectLowerLeft(x: 0.5, y: 0.5, width: 0.25, height: 0.25))
        // Centre (0.625, 0.625) is 0.125·√2 from the target: closeness 1 − 0.125 = 0.875.
        let base = 0.25 + 0.3 * 0.875
        #expect(abs(configuration.score(of: subject, framingTarget: F.centre) - base) < 1e-12)
        subject.speakingConfidence = 0.5
        subject.lookingAtCameraConfidence = 1
        #expect(abs(configuration.score(of: subject, framingTarget: F.centre) - base * 1.25 * 1.25) < 1e-12)
        subject.kind = .object
        #expect(abs(configuration.score(of: subject, framingTarget: F.centre) - 0.4 * base * 1.25 * 1.25) < 1e-12)
        // Only the part inside the frame counts as size.
        subject.rect = NormalizedRectLowerLeft(x: 0.875, y: 0.5, width: 0.25, height: 0.25)
        subject.speakingConfidence = nil
        subject.lookingAtCameraConfidence = nil
        let clipped = 0.4 * ((0.125 * 0.25).squareRoot() + 0.3 * (1 - (0.5 * 0.5 + 0.125 * 0.125).squareRoot() / 2.0.squareRoot()))
        #expect(abs(configuration.score(of: subject, framingTarget: F.centre) - clipped) < 1e-12)
    }

    @Test func aNonFiniteFramingTargetIsTheCentre() {
        let batch = [F.face(1, cx: 0.2), F.face(2, cx: 0.55)]
        var a = SubjectSelector(seed: 1)
        var b = SubjectSelector(seed: 1)
        let nan = a.update(with: batch, framingTarget: .init(x: .nan, y: 0.5), at: 0)
        let centre = b.update(with: batch, framingTarget: F.centre, at: 0)
        #expect(nan == centre)
        #expect(nan.rankedIdentifiers == [2, 1])
    }
}
