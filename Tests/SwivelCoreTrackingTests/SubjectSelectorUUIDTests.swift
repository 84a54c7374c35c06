import Testing
@testable import SwivelCore

@Suite struct SubjectSelectorUUIDTests {
    typealias F = SubjectFixture
    static let dt: Seconds = 0.0625

    @Test func aTrackedSubjectKeepsItsUUIDAcrossBatches() throws {
        var selector = SubjectSelector(seed: 42)
        let first = selector.update(with: [F.face(7, cx: 0.3), F.face(8, cx: 0.7)], framingTarget: F.centre, at: 0)
        let a = try #require(first.uuid(of: 7))
        let b = try #require(first.uuid(of: 8))
        #expect(a != b)
        for k in 1..<50 {
            // Moving, resizing and reordering do not matter: the sender's identifier does.
            let batch = [F.face(8, cx: 0.7 - Double(k) * 0.005, width: 0.3), F.face(7, cx: 0.3 + Double(k) * 0.005)]
            let selection = selector.update(with: batch, framingTarget: F.centre, at: Double(k) * Self.dt)
            #expect(selection.uuid(of: 7) == a)
            #expect(selection.uuid(of: 8) == b)
        }
    }

    @Test func anIdentifierUnseenForMoreThanForgetAfterGetsANewUUID() throws {
        var selector = SubjectSelector(seed: 42)
        let original = try #require(selector.update(with: [F.face(1, cx: 0.5)], framingTarget: F.centre, at: 0).uuid(of: 1))
        // Away for exactly 1 s (not MORE than forget-after): the same subject.
        _ = selector.update(with: [], framingTarget: F.centre, at: 0.5)
        #expect(selector.update(with: [F.face(1, cx: 0.5)], framingTarget: F.centre, at: 1).uuid(of: 1) == original)
        // Away for 1.0625 s: a new subject, also when no empty batch came in between.
        let renewed = try #require(selector.update(with: [F.face(1, cx: 0.5)], framingTarget: F.centre, at: 2.0625).uuid(of: 1))
        #expect(renewed != original)
        #expect(selector.update(with: [F.face(1, cx: 0.5)], framingTarget: F.centre, at: 2.125).uuid(of: 1) == renewed)
        // The old UUID is gone for good.
        #expect(throws: SwivelError(.noSubjectFound, .subjectNotFound)) { try selector.selectSubjects([original]) }
    }

    @Test func theSeedDecidesTheUUIDs() throws {
        func uuids(seed: UInt64) -> [SubjectUUID?] {
            var selector = SubjectSelector(seed: seed)
            let selection = selector.update(with: [F.face(1, cx: 0.3), F.face(2, cx: 0.7)], framingTarget: F.centre, at: 0)
            return [selection.uuid(of: 1), selection.uuid(of: 2)]
        }
        #expect(uuids(seed: 5) == uuids(seed: 5))
        #expect(uuids(seed: 5)[0] != uuids(seed: 6)[0])
        #expect(uuids(seed: 5)[1] != uuids(seed: 6)[1])
        #expect(uuids(seed: 5).allSatisfy { $0 != nil })
    }

    @Test func mintedUUIDsAreDistinctVersion4() {
        var selector = SubjectSelector(seed: 0)
        let batch = (0..<16).map { F.face(Int64($0), cx: 0.03 + Double($0) * 0.06, width: 0.05) }
        let uuids = selector.update(with: batch, framingTarget: F.centre, at: 0).subjects.map(\.uuid)
        #expect(Set(uuids).count == 16)
        for uuid in uuids {
            #expect(uuid.bytes.count == 16)
            #expect(uuid.bytes[6] >> 4 == 4)
            #expect(uuid.bytes[8] >> 6 == 0b10)
            #expect(uuid.description.count == 36)
            #expect(Array(uuid.description)[14] == "4")
        }
    }

    @Test func descriptionIsUpperCase8_4_4_4_12AndParsesBack() throws {
        let uuid = try #require(SubjectUUID(bytes: Array(0..<16).map { UInt8($0 * 17 % 256) }))
        #expect(uuid.description == "00112233-4455-6677-8899-AABBCCDDEEFF")
        #expect(SubjectUUID("00112233-4455-6677-8899-aabbccddeeff") == uuid)
        #expect(SubjectUUID(uuid.description) == uuid)
        for bad in [
            "", "00112233-4455-6677-8899-AABBCCDDEEF", "00112233-4455-6677-8899-AABBCCDDEEFF0",
            "00112233-4455-6677-8899_AABBCCDDEEFF", "0011223-34455-6677-8899-AABBCCDDEEFF",
            "00112233-4455-6677-8899-AABBCCDDEEFG", "00112233-4455-6677-8899-AABBCCDDEEé",
        ] {
            #expect(SubjectUUID(bad) == nil, "\(bad)")
        }
        #expect(SubjectUUID(bytes: Array(repeating: 0, count: 15)) == nil)
        #expect(SubjectUUID(bytes: Array(repeating: 0, count: 17)) == nil)
    }

    @Test func resetForgetsEverythingAndReseeds() throws {
        var selector = SubjectSelector(seed: 3)
        let batch = [F.face(1, cx: 0.3, width: 0.21), F.face(2, cx: 0.7)]
        let before = selector.update(with: batch, framingTarget: F.centre, at: 0)
        let old = try #require(before.uuid(of: 2))
        try selector.selectSubjects([old])

        selector.reset(seed: 4)
        #expect(selector.mode == .automatic)
        #expect(selector.lockedSubjects.isEmpty)
        #expect(throws: SwivelError(.noSubjectFound, .subjectNotFound)) { try selector.selectSubjects([old]) }
        #expect(throws: SwivelError(.noSubjectFound, .noSubjectAtPoint)) {
            try selector.selectSubject(at: NormalizedPointUpperLeft(x: 0.7, y: 0.5))
        }
        // Same identifiers, a moment later: new subjects, with the UUIDs a fresh seed-4 selector mints.
        let after = selector.update(with: batch, framingTarget: F.centre, at: 0.0625)
        var fresh = SubjectSelector(seed: 4)
        #expect(after == fresh.update(with: batch, framingTarget: F.centre, at: 0.0625))
        #expect(after.uuid(of: 1) != before.uuid(of: 1))
        #expect(after.uuid(of: 2) != old)
        #expect(after.framedIdentifiers == [1]) // automatic again: the lock on 2 is gone
    }
}
