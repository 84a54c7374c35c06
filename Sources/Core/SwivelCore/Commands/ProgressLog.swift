/// The most recent progress records, so a caller can still learn how a request
/// ended after newer ones started. Fixed capacity, reused in place.
public struct ProgressLog: Sendable {
    private var entries: ContiguousArray<MotionProgress?>
    private var next = 0

    public init(capacity: Int = 16) {
        entries = ContiguousArray(repeating: nil, count: max(capacity, 1))
    }

    public func progress(of requestID: UInt32) -> MotionProgress? {
        for case let entry? in entries where entry.requestID == requestID { return entry }
        return nil
    }

    mutating func insert(_ progress: MotionProgress) {
        entries[next] = progress
        next = (next + 1) % entries.count
    }

    mutating func update(_ progress: MotionProgress) {
        for i in entries.indices where entries[i]?.requestID == progress.requestID {
            entries[i] = progress
            return
        }
        insert(progress)
    }
}
