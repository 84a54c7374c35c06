import Testing
@testable import SwivelCore

@Suite struct SubjectSelectorLockTests {
    typealias F = SubjectFixture
    static let dt: Seconds = 0.0625
    /// Person 1 is clearly the most salient; 2 and 3 are smaller, off to the sides.
    static let scene = [
        F.face(1, cx: 0.5, width: 0.3), F.face(2, cx: 0.2, width: 0.15), F.face(3, cx: 0.8, width: 0.1),
    ]

    /// A selector that has seen `scene` once at t = 0, and that batch's UUIDs by identifier.
    static func started() throws -> (SubjectSelector, [Int64: SubjectUUID]) {
        var selector = SubjectSelector(seed: 11)
        let selection = selector.update(with: scene, framingTarget: F.centre, at: 0)
        #expect(selection.framedIdentifiers == [1])
        var uuids: [Int64: SubjectUUID] = [:]
        for id: Int64 in 1...3 {
            let uuid: SubjectUUID = try #require(selection.uuid(of: id))
            uuids[id] = uuid
        }
        return (selector, uuids)
    }

    @Test func lockingOnOneFramesItWhateverItsRank() throws {
        var (selector, uuid) = try Self.started()
        try selector.selectSubjects([uuid[3]!])
        #expect(selector.lockedSubjects == [uuid[3]!])
        #expect(selector.mode == .locked([uuid[3]!]))
        let selection = selector.update(with: Self.scene, framingTarget: F.centre, at: Self.dt)
        #expect(selection.framedIdentifiers == [3])
        // Ranking carries on under the lock.
        #expect(selection.rankedIdentifiers == [1, 2, 3])
    }

    @Test func lockingOnSeveralFramesTheirGroupBox() throws {
        var selector = SubjectSelector(seed: 11)
        let batch = [
            Observation(identifier: 1, kind: .humanFace, rect: F.rect(0.125, 0.25, 0.25, 0.25)),
            Observation(identifier: 2, kind: .humanBody, rect: F.rect(0.5, 0.375, 0.25, 0.5)),
            Observation(identifier: 3, kind: .object, rect: F.rect(0.875, 0, 0.125, 0.125)),
        ]
        let first = selector.update(with: batch, framingTarget: F.centre, at: 0)
        try selector.selectSubjects([try #require(first.uuid(of: 2)), try #require(first.uuid(of: 1))])
        let selection = selector.update(with: batch, framingTarget: F.centre, at: Self.dt)
        #expect(Set(selection.framedIdentifiers) == [1, 2])
        #expect(selection.framed.map(\.saliencyRank) == [1, 2]) // in rank order
        #expect(selection.isGroup)
        #expect(selection.groupRect == F.rect(0.125, 0.25, 0.625, 0.625))
    }

    @Test func unknownUUIDsThrowAndChangeNothing() throws {
        var (selector, uuid) = try Self.started()
        try selector.selectSubjects([uuid[2]!])
        let stranger = try #require(SubjectUUID("00000000-0000-4000-8000-000000000000"))
        #expect(throws: SwivelError(.noSubjectFound, .subjectNotFound)) { try selector.selectSubjects([stranger]) }
        #expect(selector.lockedSubjects == [uuid[2]!])
        #expect(selector.update(with: Self.scene, framingTarget: F.centre, at: Self.dt).framedIdentifiers == [2])
    }

    @Test func knownUUIDsAmongUnknownOnesAreLockedOn() throws {
        var (selector, uuid) = try Self.started()
        let stranger = try #require(SubjectUUID("00000000-0000-4000-8000-000000000000"))
        try selector.selectSubjects([stranger, uuid[3]!, uuid[3]!, uuid[2]!])
        #expect(selector.lockedSubjects == [uuid[3]!, uuid[2]!])
    }

    @Test func anEmptyListReturnsToAutomatic() throws {
        var (selector, uuid) = try Self.started()
        try selector.selectSubjects([uuid[3]!])
        #expect(selector.update(with: Self.scene, framingTarget: F.centre, at: Self.dt).framedIdentifiers == [3])
        try selector.selectSubjects([])
        #expect(selector.mode == .automatic)
        #expect(selector.lockedSubjects.isEmpty)
        #expect(selector.update(with: Self.scene, framingTarget: F.centre, at: 2 * Self.dt).framedIdentifiers == [1])
    }

    @Test func theLockSurvivesABriefAbsence() throws {
        var (selector, uuid) = try Self.started()
        try selector.selectSubjects([uuid[2]!])
        let withoutTwo = [Self.scene[0], Self.scene[2]]
        // Gone for up to forget-after: nobody framed (noSubjectFound), still locked.
        for k in 1...15 {
            let selection = selector.update(with: withoutTwo, framingTarget: F.centre, at: Double(k) * Self.dt)
            #expect(selection.framed.isEmpty)
            #expect(selector.lockedSubjects == [uuid[2]!])
        }
        // Back after exactly 1 s: the same subject.
        let back = selector.update(with: Self.scene, framingTarget: F.centre, at: 16 * Self.dt)
        #expect(back.framedIdentifiers == [2])
        #expect(back.uuid(of: 2) == uuid[2])
    }

    @Test func aForgottenMemberLeavesTheLockAndTheLastOneEndsIt() throws {
        var (selector, uuid) = try Self.started()
        try selector.selectSubjects([uuid[2]!, uuid[3]!])
        // 3 leaves for good; 2 stays: past forget-after the lock is on 2 alone.
        _ = selector.update(with: [Self.scene[0], Self.scene[1]], framingTarget: F.centre, at: 1.0)
        _ = selector.update(with: [Self.scene[0], Self.scene[1]], framingTarget: F.centre, at: 1.0625)
        #expect(selector.lockedSubjects == [uuid[2]!])

        // Then 2 leaves too: while it may come back, still locked and nobody framed...
        let onlyOne = [Self.scene[0]]
        #expect(selector.update(with: onlyOne, framingTarget: F.centre, at: 2.0).framed.isEmpty)
        #expect(selector.lockedSubjects == [uuid[2]!])
        // ...past forget-after the lock ends, and person 1 is NOT framed in its place.
        let ended = selector.update(with: onlyOne, framingTarget: F.centre, at: 2.125)
        #expect(selector.mode == .lockEnded)
        #expect(selector.lockedSubjects.isEmpty)
        #expect(ended.framed.isEmpty)
        #expect(ended.rankedIdentifiers == [1])
        // 2 returning is a new subject: still nobody framed, until the host chooses.
        let returned = selector.update(with: [Self.scene[0], Self.scene[1]], framingTarget: F.centre, at: 2.25)
        #expect(returned.uuid(of: 2) != uuid[2])
        #expect(returned.framed.isEmpty)
        try selector.selectSubjects([])
        #expect(selector.update(with: onlyOne, framingTarget: F.centre, at: 2.3125).framedIdentifiers == [1])
    }
}

@Suite struct SubjectSelectorTapTests {
    typealias F = SubjectFixture

    @Test func aTapNearTheTopPicksTheSubjectInTheUpperHalf() throws {
        var selector = SubjectSelector(seed: 21)
        let upper = Observation(identifier: 1, kind: .humanFace, rect: F.rect(0.375, 0.625, 0.25, 0.25))
        let lower = Observation(identifier: 2, kind: .humanFace, rect: F.rect(0.375, 0.125, 0.25, 0.25))
        let selection = selector.update(with: [upper, lower], framingTarget: F.centre, at: 0)
        #expect(upper.rect.y > 0.5)

        // y = 0.25 from the TOP of the image.
        let top = try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.25))
        #expect(top == selection.uuid(of: 1))
        #expect(selector.lockedSubjects == [top])
        #expect(selector.update(with: [upper, lower], framingTarget: F.centre, at: 0.0625).framedIdentifiers == [1])

        let bottom = try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.75))
        #expect(bottom == selection.uuid(of: 2))
        #expect(selector.lockedSubjects == [bottom])
        // The edges count: the upper rect spans upper-left x 0.375...0.625, y 0.125...0.375.
        #expect(try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.375, y: 0.125)) == top)
        #expect(try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.625, y: 0.375)) == top)
    }

    @Test func aMissThrowsAndKeepsTheLock() throws {
        var selector = SubjectSelector(seed: 21)
        let selection = selector.update(
            with: [Observation(identifier: 1, kind: .humanFace, rect: F.rect(0.4, 0.6, 0.2, 0.3))],
            framingTarget: F.centre, at: 0)
        let uuid = try #require(selection.uuid(of: 1))
        try selector.selectSubjects([uuid])
        // The mirror image of the subject's place: would hit if the flip were missing.
        #expect(throws: SwivelError(.noSubjectFound, .noSubjectAtPoint)) {
            try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.75))
        }
        #expect(throws: SwivelError(.invalidParameter, .nonFiniteValue, value: .infinity)) {
            try selector.selectSubject(at: NormalizedPointUpperLeft(x: .infinity, y: 0.2))
        }
        #expect(selector.lockedSubjects == [uuid])
    }

    @Test func theSmallestContainingRectWins() throws {
        var selector = SubjectSelector(seed: 21)
        // A body and, inside it, a face the sender gave another identifier: two subjects.
        let body = Observation(identifier: 1, kind: .humanBody, rect: F.rect(0.25, 0, 0.5, 0.875))
        let face = Observation(identifier: 2, kind: .humanFace, rect: F.rect(0.375, 0.5, 0.25, 0.25))
        let selection = selector.update(with: [body, face], framingTarget: F.centre, at: 0)
        #expect(selection.subjects.count == 2)
        #expect(try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.375)) == selection.uuid(of: 2))
        #expect(try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.75)) == selection.uuid(of: 1))
    }

    @Test func onlyTheLastBatchCounts() throws {
        var selector = SubjectSelector(seed: 21)
        let here = Observation(identifier: 1, kind: .humanFace, rect: F.rect(0.0, 0.0, 0.25, 0.25))
        _ = selector.update(with: [here], framingTarget: F.centre, at: 0)
        _ = selector.update(with: [], framingTarget: F.centre, at: 0.0625)
        // Still tracked (not forgotten), but not in the last batch: a tap cannot find it.
        #expect(throws: SwivelError(.noSubjectFound, .noSubjectAtPoint)) {
            try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.125, y: 0.875))
        }
    }
}
