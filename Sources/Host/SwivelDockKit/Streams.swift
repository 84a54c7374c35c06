/// A SwivelKit stream re-yielded as DockKit's element type, dropping what
/// `transform` maps to nil. The relay task ends with the source (at undock)
/// or when the consumer stops listening.
func relay<Source: Sendable, Element: Sendable>(
    _ source: AsyncStream<Source>, _ transform: @escaping @Sendable (Source) -> Element?
) -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .bufferingNewest(64))
    let task = Task {
        for await element in source {
            if let mapped = transform(element) { continuation.yield(mapped) }
        }
        continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
}

// DockKit's named sequence types: an app stores a stream in a property or
// passes it to a function by these names, so they must exist as types.
// Each is an AsyncSequence over an AsyncStream, iterated once, as DockKit's.

extension DockAccessory {
    /// Docks, undocks and tracking-button changes (`DockAccessoryManager.accessoryStateChanges`).
    public struct StateChanges: AsyncSequence, Sendable {
        public typealias Element = StateChange
        let stream: AsyncStream<StateChange>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<StateChange>.Iterator
            public mutating func next() async -> StateChange? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    /// `DockAccessory.motionStates`.
    public struct MotionStates: AsyncSequence, Sendable {
        public typealias Element = MotionState
        let stream: AsyncStream<MotionState>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<MotionState>.Iterator
            public mutating func next() async -> MotionState? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    /// `DockAccessory.accessoryEvents`.
    public struct AccessoryEvents: AsyncSequence, Sendable {
        public typealias Element = AccessoryEvent
        let stream: AsyncStream<AccessoryEvent>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<AccessoryEvent>.Iterator
            public mutating func next() async -> AccessoryEvent? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    /// `DockAccessory.batteryStates`.
    public struct BatteryStates: AsyncSequence, Sendable {
        public typealias Element = BatteryState
        let stream: AsyncStream<BatteryState>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<BatteryState>.Iterator
            public mutating func next() async -> BatteryState? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }

    /// `DockAccessory.trackingStates`.
    public struct TrackingStates: AsyncSequence, Sendable {
        public typealias Element = TrackingState
        let stream: AsyncStream<TrackingState>

        public struct Iterator: AsyncIteratorProtocol {
            var base: AsyncStream<TrackingState>.Iterator
            public mutating func next() async -> TrackingState? { await base.next() }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }
    }
}
