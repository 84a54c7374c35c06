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
