import SwivelSync

/// One producer (the link thread), any number of `AsyncStream` consumers.
/// Each consumer keeps only the newest `bufferLimit` elements, so a slow one
/// loses old telemetry instead of growing without bound.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var next = 0
        var subscribers: [Int: AsyncStream<Element>.Continuation] = [:]
        var finished = false
    }

    private let state = PIMutex(State())
    /// Serializes `initial` and `produce` with their deliveries, so a
    /// subscriber never sees its initial elements after a newer one. Not the
    /// `state` lock: a continuation is never yielded to under that one, since
    /// a consumer's cancellation runs `onTermination` (which takes `state`)
    /// while the runtime holds the task's own lock, and yielding takes that
    /// task lock: under `state`, the two threads would wait for each other.
    private let delivery = PIMutex(())
    private let bufferLimit: Int

    init(bufferLimit: Int = 64) {
        self.bufferLimit = bufferLimit
    }

    /// A new stream. `initial` is evaluated and yielded in the same critical
    /// section as `yield`'s, so a subscriber never sees it after a newer
    /// element. The stream holds `owner` until it ends (finished, or its
    /// consumer gone).
    func stream(keepingAlive owner: (any AnyObject & Sendable)? = nil, initial: () -> [Element] = { [] }) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let id: Int? = delivery.withLock { _ in
            let id = state.withLock { state -> Int? in
                guard !state.finished else { return nil }
                defer { state.next += 1 }
                state.subscribers[state.next] = continuation
                return state.next
            }
            for element in initial() { continuation.yield(element) }
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            withExtendedLifetime(owner) {}
            self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    func yield(_ element: Element) {
        yield { element }
    }

    /// Yields what `produce` returns (nothing for nil), computed in the
    /// critical section `stream(initial:)` uses, so state read by `initial`
    /// and updated here never interleaves.
    func yield(_ produce: () -> Element?) {
        delivery.withLock { _ in
            guard let element = produce() else { return }
            let subscribers = state.withLock { Array($0.subscribers.values) }
            // Ended streams among them ignore it.
            for continuation in subscribers { continuation.yield(element) }
        }
    }

    /// Ends every stream, present and future.
    func finish() {
        let ending = state.withLock { state -> [AsyncStream<Element>.Continuation] in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for continuation in ending { continuation.finish() }
    }
}
