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
