extension SubjectSelector {
    /// `[]` returns to automatic selection. Otherwise locks on the listed
    /// subjects that are still tracked (duplicates and forgotten ones are
    /// dropped: a subject may leave between a tracking state and the host's
    /// answer); throws `noSubjectFound` (`subjectNotFound`) and changes nothing
    /// when none of them is tracked.
    public mutating func selectSubjects(_ uuids: [SubjectUUID]) throws(SwivelError) {
        guard !uuids.isEmpty else {
            mode = .automatic
            return
        }
        var chosen: [SubjectUUID] = []
        for uuid in uuids where !chosen.contains(uuid) && isTracked(uuid) { chosen.append(uuid) }
        guard !chosen.isEmpty else { throw SwivelError(.noSubjectFound, .subjectNotFound) }
        mode = .locked(chosen)
    }

    /// `point` is in the UPRIGHT image with an UPPER-left origin, as a user taps
    /// a preview. Locks on the subject of the last batch whose rect contains it
    /// (edges included; the smallest rect when several do, so a tap on a face
    /// inside a body picks the face, then the better rank) and returns its UUID.
    /// Throws `noSubjectFound` (`noSubjectAtPoint`) when none does, and
    /// `invalidParameter` for a non-finite point or one outside the frame
    /// (`InputRanges.selectionPoint`); either way nothing changes.
    public mutating func selectSubject(at point: NormalizedPointUpperLeft) throws(SwivelError) -> SubjectUUID {
        for value in [point.x, point.y] where !value.isFinite { throw .invalid(.nonFiniteValue, value: value) }
        try InputRanges.check(point)
        var hit: TrackedSubject?
        for subject in lastSubjects where subject.rect.upperLeft.contains(point) {
            // lastSubjects is in rank order, so keeping the first of equal areas keeps the better rank.
            if let best = hit, area(best.rect) <= area(subject.rect) { continue }
            hit = subject
        }
        guard let hit else { throw SwivelError(.noSubjectFound, .noSubjectAtPoint) }
        mode = .locked([hit.uuid])
        return hit.uuid
    }

    private func area(_ rect: NormalizedRectLowerLeft) -> Double { rect.width * rect.height }
}
