import SwivelVocabulary

/// PROGRESS telemetry and the last-progress field of a state report share this
/// 14-byte layout.
extension MotionProgress {
    static let wireBytes = 14

    static func encode(_ progress: MotionProgress?, to w: inout ByteWriter) {
        w.u32(progress?.requestID ?? 0)
        w.u8(progress?.kind.rawValue ?? 0)
        w.u8(progress?.state.rawValue ?? 0)
        w.f32(progress?.fractionCompleted ?? 0)
        w.f32(progress?.plannedDurationSeconds ?? 0)
    }

    /// An all-zero record (a report with no progress) decodes as an orientation; callers check presence first.
    static func decode(from r: inout ByteReader, messageID: MessageID) throws(MessageError) -> MotionProgress {
        let id = r.u32()
        let rawKind = r.u8(), rawState = r.u8()
        let fraction = r.f32(), planned = r.f32()
        let kind: Kind
        if rawKind == 0 {
            kind = .orientation
        } else if let known = Kind(rawValue: rawKind) {
            kind = known
        } else {
            throw .unknownValue(messageID, field: "progress kind", value: UInt64(rawKind))
        }
        guard let state = State(rawValue: rawState) else {
            throw .unknownValue(messageID, field: "progress state", value: UInt64(rawState))
        }
        return MotionProgress(requestID: id, kind: kind, state: state, fractionCompleted: fraction, plannedDurationSeconds: planned)
    }
}
