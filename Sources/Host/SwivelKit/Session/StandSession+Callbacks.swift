import SwivelCore
import SwivelProtocol

/// The commands that SwivelDockKit offers synchronously, as DockKit does, with
/// the reply delivered to a callback (on the link thread) instead of awaited.
/// A caller may block its own thread on the callback: it never needs Swift's
/// cooperative pool, which a blocked caller might be holding.
extension StandSession {
    package typealias Completion<Value> = @Sendable (Result<Value, SwivelKitError>) -> Void

    private func command(_ message: HostMessage, completion: @escaping Completion<LinkReply>) {
        link.enqueue(OutgoingCommand(message: message, epoch: epoch, completion: completion))
    }

    package func setOrientation(
        _ orientation: Vector3, duration: Duration, relative: Bool, completion: @escaping Completion<MoveProgress>
    ) {
        move(.angles(orientation), duration: duration, relative: relative, completion: completion)
    }

    package func setOrientation(
        _ orientation: Quaternion, duration: Duration, relative: Bool, completion: @escaping Completion<MoveProgress>
    ) {
        move(.quaternion(orientation), duration: duration, relative: relative, completion: completion)
    }

    private func move(_ target: OrientationTarget, duration: Duration, relative: Bool, completion: @escaping Completion<MoveProgress>) {
        let request = OrientationRequest(target: target, durationSeconds: duration.inSeconds, relative: relative)
        command(.setOrientation(request)) { result in
            completion(result.flatMap { reply in Result { () throws(SwivelKitError) in try Self.progress(from: reply) } })
        }
    }

    package func setLimits(_ limits: UserLimits, completion: @escaping Completion<Void>) {
        command(.setLimits(LimitsRequest(limits))) { completion($0.map { _ in () }) }
    }

    package func state(completion: @escaping Completion<StateReport>) {
        command(.getState) { result in
            completion(result.flatMap { reply in
                guard case .ack(.state(let report)) = reply else {
                    return .failure(SwivelKitError(.badLength, "the stand answered GET_STATE without a state report"))
                }
                return .success(StateReport(report))
            })
        }
    }
}

extension StandSession {
    /// Now on the link's clock (the wall clock in an app; the stand's virtual
    /// time in tests): what SwivelDockKit's synchronous calls count their rate on.
    package var linkNow: Duration { link.clock.now }
}
