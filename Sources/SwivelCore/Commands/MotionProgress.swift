/// The progress of one move or animation, as DockKit's `Progress` reports it:
/// a fraction, finished, cancelled (and failed, for a motor fault).
public struct MotionProgress: Equatable, Sendable {
    public enum State: UInt8, Sendable, CustomStringConvertible {
        case running = 0
        case finished = 1
        case cancelled = 2
        /// A motor fault ended it (`MotionController.fail`, called as the stand
        /// latches the fault); the fault itself is in MOTION_STATE.
        case failed = 3

        public var description: String {
            switch self {
            case .running: "running"
            case .finished: "finished"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }

    public enum Kind: UInt8, Sendable {
        case orientation = 1
        case animation = 2
    }

    public var requestID: UInt32
    public var kind: Kind
    public var state: State
    /// 0...1: elapsed over planned duration; exactly 1 once finished.
    public var fractionCompleted: Double
    public var plannedDurationSeconds: Seconds

    public var isFinished: Bool { state == .finished }
    public var isCancelled: Bool { state == .cancelled }

    public init(requestID: UInt32, kind: Kind, state: State, fractionCompleted: Double, plannedDurationSeconds: Seconds) {
        self.requestID = requestID
        self.kind = kind
        self.state = state
        self.fractionCompleted = fractionCompleted
        self.plannedDurationSeconds = plannedDurationSeconds
    }
}

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
