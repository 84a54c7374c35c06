import SwivelCore
import SwivelSync
import SwivelProtocol

/// The progress of one `setOrientation` or `animate`: a fraction, and how it
/// ended (finished, cancelled, or failed for a motor fault).
///
/// The stand reports progress in PROGRESS telemetry. Telemetry is lossy, so
/// once the planned duration plus a grace second has passed without a final
/// state, SwivelKit asks the stand with GET_STATE instead.
public final class MoveProgress: Sendable, CustomStringConvertible {
    public enum State: Equatable, Sendable, CustomStringConvertible {
        case running, finished, cancelled, failed

        /// Finished, cancelled or failed: nothing will change any more.
        public var isFinal: Bool { self != .running }

        public var description: String {
            switch self {
            case .running: "running"
            case .finished: "finished"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        init(_ wire: MotionProgress.State) {
            switch wire {
            case .running: self = .running
            case .finished: self = .finished
            case .cancelled: self = .cancelled
            case .failed: self = .failed
            }
        }
    }

    public enum Kind: Equatable, Sendable {
        case orientation, animation
    }

    /// One observation of the progress.
    public struct Update: Equatable, Sendable {
        public var state: State
        /// 0...1; exactly 1 once finished.
        public var fractionCompleted: Double
    }

    /// The stand's id for the request; CANCEL names it.
    public let requestID: UInt32
    public let kind: Kind
    /// When it will arrive after fitting the speed and acceleration caps; may
    /// exceed the requested duration.
    public let plannedDuration: Duration
    /// Where it ends, after clamping to the limits (for an animation: where the stand was asked to go last).
    public let target: Vector3
    /// Axes whose requested target lay outside the limits and was clamped.
    public let clampedAxes: AxisSet

    private struct Status {
        var update = Update(state: .running, fractionCompleted: 0)
        var fault: DockKitFault?
        var faultKind: FaultKind?
        var waiters: [Int: CheckedContinuation<State, Never>] = [:]
        var nextWaiter = 0
    }

    private let status = PIMutex(Status())
    private let broadcast = Broadcast<Update>(bufferLimit: 16)
    private let link: LinkClient
    private let epoch: Int

    init(receipt: MoveReceipt, kind: Kind, link: LinkClient, epoch: Int) {
        requestID = receipt.requestID
        self.kind = kind
        plannedDuration = Duration(wireSeconds: receipt.plannedDurationSeconds)
        target = receipt.target
        clampedAxes = receipt.clampedAxes
        self.link = link
        self.epoch = epoch
    }

    public var state: State { status.withLock { $0.update.state } }
    public var fractionCompleted: Double { status.withLock { $0.update.fractionCompleted } }
    public var isFinished: Bool { state == .finished }
    public var isCancelled: Bool { state == .cancelled }
    public var isFailed: Bool { state == .failed }
    /// The motor fault that ended a `failed` request, as the stand's MOTION_STATE
    /// reported it; nil otherwise (or when no MOTION_STATE said which).
    public var fault: DockKitFault? { status.withLock { $0.fault } }
    /// Which fault that was, told apart (`fault`'s `motorFault` covers several).
    public var faultKind: FaultKind? { status.withLock { $0.faultKind } }

    /// Why a `failed` request failed, in the stand's words; nil otherwise.
    /// The fault's own kind where the stand said it; an older stand's
    /// MOTION_STATE names only its fault byte's kind.
    public var failureReason: String? {
        guard state == .failed else { return nil }
        let (fault, kind) = status.withLock { ($0.fault, $0.faultKind) }
        return kind?.reason ?? fault?.reason ?? "a motor fault ended it"
    }

    /// Every change from now on, starting with the current state; ends after a final state.
    public var updates: AsyncStream<Update> {
        broadcast.stream { [status.withLock { $0.update }] }
    }

    /// Waits for the final state. Returns the current state (still `.running`)
    /// early if the calling task is cancelled.
    public func finished() async -> State {
        let token = status.withLock { status -> Int in
            defer { status.nextWaiter += 1 }
            return status.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Checking for cancellation under the lock that onCancel takes
                // means one of the two always sees the other.
                let immediate = status.withLock { status -> State? in
                    if status.update.state.isFinal || Task.isCancelled { return status.update.state }
                    status.waiters[token] = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let (waiter, state) = status.withLock { ($0.waiters.removeValue(forKey: token), $0.update.state) }
            waiter?.resume(returning: state)
        }
    }

    /// Asks the stand to stop this request (CANCEL). Changes nothing when it
    /// already ended or a newer request replaced it; the stand acknowledges either way.
    public func cancel() async throws(SwivelKitError) {
        _ = try await link.send(.cancel(requestID: requestID), epoch: epoch).get()
    }

    public var description: String {
        let update = status.withLock { $0.update }
        return "request \(requestID): \(update.state), \(Int((update.fractionCompleted * 100).rounded()))%"
    }

    // MARK: - From the link thread

    /// Applies a report; a final state is never replaced.
    /// - Parameter fault: for `failed`, the fault that ended it.
    func apply(
        state: State, fractionCompleted: Double, fault: DockKitFault? = nil,
        faultKind: FaultKind? = nil
    ) {
        // Under the broadcast's lock, as `updates` reads the state: one lock
        // order, and a new subscriber never sees an update twice.
        var changed = false
        broadcast.yield {
            status.withLock { status -> Update? in
                guard !status.update.state.isFinal else { return nil }
                let fraction = state == .finished ? 1 : min(max(fractionCompleted.isFinite ? fractionCompleted : 0, 0), 1)
                let update = Update(state: state, fractionCompleted: fraction)
                guard update != status.update else { return nil }
                status.update = update
                if state == .failed {
                    status.fault = fault
                    status.faultKind = faultKind
                }
                changed = true
                return update
            }
        }
        guard changed, state.isFinal else { return }
        broadcast.finish()
        let waiters = status.withLock { status in
            defer { status.waiters.removeAll() }
            return Array(status.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: state) }
    }
}
