/// A limit or home switch on one input line, read through edge events so no
/// closing is missed between ticks, however short. `update` is real-time
/// safe: it drains into a buffer allocated at init.
public final class HomeSwitch {
    public let line: Int
    public let activeLow: Bool
    private let source: any EdgeEventSource
    private let buffer: UnsafeMutableBufferPointer<EdgeEvent>
    private var level: Bool
    /// The switch closed at some point since the last `update`, even if it
    /// opened again before it (a bounce, or an axis passing over it fast).
    public private(set) var closedSinceLastUpdate = false

    public init(source: any EdgeEventSource, line: Int, activeLow: Bool) throws(HardwareError) {
        guard source.lines.contains(line) else {
            throw HardwareError(.invalidConfiguration, "home switch line \(line) is not in the edge request \(source.lines)")
        }
        self.source = source
        self.line = line
        self.activeLow = activeLow
        level = source.level(of: line)
        buffer = .allocate(capacity: 64)
        buffer.initialize(repeating: EdgeEvent(instant: .zero, line: 0, rising: false))
    }

    deinit { buffer.deallocate() }

    public var isClosed: Bool { level != activeLow }

    /// Drains the pending edges; `isClosed` is then the level after the last.
    public func update() {
        closedSinceLastUpdate = isClosed
        while true {
            let drained = min(source.drainEvents(into: buffer), buffer.count)
            if drained <= 0 { return }
            for index in 0..<drained where buffer[index].line == line {
                level = buffer[index].rising
                if isClosed { closedSinceLastUpdate = true }
            }
        }
    }
}
