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
    private let bufferLimit: Int

    init(bufferLimit: Int = 64) {
        self.bufferLimit = bufferLimit
    }

    /// A new stream. `initial` is evaluated and yielded under the same lock as
    /// `yield`, so a subscriber never sees it after a newer element. The
    /// stream holds `owner` until it ends (finished, or its consumer gone).
    func stream(keepingAlive owner: (any AnyObject & Sendable)? = nil, initial: () -> [Element] = { [] }) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(bufferLimit))
        let finishedAlready = state.withLock { state -> Bool in
            guard !state.finished else { return true }
            let id = state.next
            state.next += 1
            for element in initial() { continuation.yield(element) }
            state.subscribers[id] = continuation
            continuation.onTermination = { [weak self] _ in
                withExtendedLifetime(owner) {}
                self?.state.withLock { _ = $0.subscribers.removeValue(forKey: id) }
            }
            return false
        }
        // Finishing runs onTermination, which takes the lock: never under it.
        if finishedAlready {
            for element in initial() { continuation.yield(element) }
            continuation.finish()
        }
        return stream
    }

    func yield(_ element: Element) {
        yield { element }
    }

    /// Yields what `produce` returns (nothing for nil), computed under the lock
    /// `stream(initial:)` holds, so state read by `initial` and updated here
    /// never interleaves.
    func yield(_ produce: () -> Element?) {
        state.withLock { state in
            guard let element = produce() else { return }
            for continuation in state.subscribers.values { continuation.yield(element) }
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
