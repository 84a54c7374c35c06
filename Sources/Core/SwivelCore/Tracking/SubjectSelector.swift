/// Decides, batch by batch, who each subject is (a UUID), how salient each one
/// is (`saliencyRank`), and whom to frame: the automatic primary, or the
/// subjects the host locked on. Rules: docs/TRACKING.md, "Choosing whom to frame".
///
/// Called once per observation batch (10–30 Hz), not per control tick.
public struct SubjectSelector: Sendable {
    public struct Selection: Equatable, Sendable {
        /// Everyone seen in this batch (one per identifier), ranked: rank 1 first.
        public var subjects: [TrackedSubject]
        /// Whom to frame, in rank order: the primary (automatic) or the locked
        /// subjects present. Empty means nobody: `noSubjectFound`.
        public var framed: [TrackedSubject]
        /// `framed.count > 1`.
        public var isGroup: Bool
        /// The union of the framed rects (upright, lower-left); nil when nobody is framed.
        public var groupRect: NormalizedRectLowerLeft?

        public init(subjects: [TrackedSubject], framed: [TrackedSubject]) {
            self.subjects = subjects
            self.framed = framed
            isGroup = framed.count > 1
            groupRect = Self.union(of: framed)
        }

        private static func union(of subjects: [TrackedSubject]) -> NormalizedRectLowerLeft? {
            guard let first = subjects.first?.rect else { return nil }
            // One subject: its rect exactly, not one rebuilt from rounded edges.
            guard subjects.count > 1 else { return first }
            var minX = first.x, minY = first.y
            var maxX = first.x + first.width, maxY = first.y + first.height
            for subject in subjects.dropFirst() {
                let r = subject.rect
                minX = min(minX, r.x)
                minY = min(minY, r.y)
                maxX = max(maxX, r.x + r.width)
                maxY = max(maxY, r.y + r.height)
            }
            return NormalizedRectLowerLeft(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// Who decides what is framed.
    public enum Mode: Equatable, Sendable {
        /// The primary: rank 1.
        case automatic
        /// The host's choice; members forgotten (unseen past forget-after) drop out.
        case locked([SubjectUUID])
        /// Every locked subject was forgotten: nobody is framed until the host
        /// selects again or returns to automatic with `selectSubjects([])`.
        case lockEnded
    }

    struct Entry: Sendable {
        var uuid: SubjectUUID
        var lastSeen: Seconds
        /// Order of first sight: breaks score ties so ranks do not shuffle.
        var sequence: UInt64
    }

    struct Challenger: Sendable {
        var uuid: SubjectUUID
        var since: Seconds
    }

    public let configuration: Configuration
    public internal(set) var mode: Mode = .automatic
    var generator: SubjectUUIDGenerator
    var entries: [Int64: Entry] = [:]
    var nextSequence: UInt64 = 0
    var primary: SubjectUUID?
    var challenger: Challenger?
    /// The subjects of the last batch, ranked: what `selectSubject(at:)` looks at.
    var lastSubjects: [TrackedSubject] = []

    /// UUIDs come from a SplitMix64 seeded here (the runtime seeds it randomly
    /// per session; tests with a constant).
    public init(seed: UInt64, configuration: Configuration = .default) {
        self.configuration = configuration
        generator = SubjectUUIDGenerator(seed: seed)
    }

    public var lockedSubjects: [SubjectUUID] {
        if case .locked(let uuids) = mode { uuids } else { [] }
    }

    /// New session: forget every subject, the primary and any lock; UUIDs from
    /// now on come from `seed`.
    public mutating func reset(seed: UInt64) {
        self = SubjectSelector(seed: seed, configuration: configuration)
    }

    /// One batch, rects already UPRIGHT. `framingTarget` is where the framed
    /// subject should sit (upright, lower-left): ranking favours subjects near it.
    /// `time` is the stand's monotonic clock. Observations `validate` would
    /// reject are dropped.
    public mutating func update(
        with observations: [Observation], framingTarget: NormalizedPointLowerLeft, at time: Seconds
    ) -> Selection {
        var scored: [(subject: TrackedSubject, score: Double, sequence: UInt64)] = []
        for o in Self.merged(observations) {
            let entry = refreshEntry(for: o.identifier, at: time)
            let subject = TrackedSubject(
                uuid: entry.uuid, identifier: o.identifier, kind: TrackedSubject.Kind(o.kind),
                observationKind: o.kind, rect: o.rect, speakingConfidence: o.speakingConfidence,
                lookingAtCameraConfidence: o.lookingAtCameraConfidence, faceYawRadians: o.faceYawRadians)
            scored.append((subject, configuration.score(of: subject, framingTarget: framingTarget), entry.sequence))
        }
        forgetUnseen(at: time)

        // Highest score first; the earlier-seen subject wins a tie.
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.sequence < $1.sequence }
        choosePrimary(among: scored.map { ($0.subject.uuid, $0.score) }, at: time)
        if let i = scored.firstIndex(where: { $0.subject.uuid == primary }), i > 0 {
            scored.insert(scored.remove(at: i), at: 0)
        }

        var subjects = scored.map(\.subject)
        for i in subjects.indices { subjects[i].saliencyRank = i + 1 }
        lastSubjects = subjects

        let framed: [TrackedSubject]
        switch mode {
        // The primary leads the ranking when present; during its grace it is absent and nobody is framed.
        case .automatic: framed = subjects.first.map { $0.uuid == primary ? [$0] : [] } ?? []
        case .locked(let uuids): framed = subjects.filter { uuids.contains($0.uuid) }
        case .lockEnded: framed = []
        }
        return Selection(subjects: subjects, framed: framed)
    }

    /// The entry for an identifier seen now: its old UUID if it was seen within
    /// forget-after, else a fresh one.
    private mutating func refreshEntry(for identifier: Int64, at time: Seconds) -> Entry {
        if var entry = entries[identifier], !(time - entry.lastSeen > configuration.forgetAfterSeconds) {
            entry.lastSeen = time
            entries[identifier] = entry
            return entry
        }
        var uuid = generator.nextUUID()
        // 2⁻¹²² per pair; checked anyway so two live subjects can never share one.
        while entries.values.contains(where: { $0.uuid == uuid }) { uuid = generator.nextUUID() }
        let entry = Entry(uuid: uuid, lastSeen: time, sequence: nextSequence)
        nextSequence &+= 1
        entries[identifier] = entry
        return entry
    }

    private mutating func forgetUnseen(at time: Seconds) {
        let forgetAfter = configuration.forgetAfterSeconds
        entries = entries.filter { !(time - $0.value.lastSeen > forgetAfter) }
        guard case .locked(let uuids) = mode else { return }
        let kept = uuids.filter(isTracked)
        mode = kept.isEmpty ? .lockEnded : .locked(kept)
    }

    func isTracked(_ uuid: SubjectUUID) -> Bool {
        entries.values.contains { $0.uuid == uuid }
    }

    /// Hysteresis: the primary keeps rank 1 until one challenger has out-scored
    /// it by more than the margin in every batch for the minimum dwell. A
    /// primary missing from batches keeps its place for the grace period, then
    /// the best present takes it. `ranked` is sorted best first.
    private mutating func choosePrimary(among ranked: [(uuid: SubjectUUID, score: Double)], at time: Seconds) {
        guard let incumbent = ranked.first(where: { $0.uuid == primary }) else {
            if let primary, let entry = entries.values.first(where: { $0.uuid == primary }),
                time - entry.lastSeen <= configuration.primaryGraceSeconds
            {
                challenger = nil
                return
            }
            primary = ranked.first?.uuid
            challenger = nil
            return
        }
        guard let best = ranked.first(where: { $0.uuid != incumbent.uuid }),
            best.score > incumbent.score * (1 + configuration.hysteresisMargin), best.score > incumbent.score
        else {
            challenger = nil
            return
        }
        if challenger?.uuid != best.uuid { challenger = Challenger(uuid: best.uuid, since: time) }
        if let since = challenger?.since, time - since >= configuration.minimumDwellSeconds {
            primary = best.uuid
            challenger = nil
        }
    }
}
