public import SwivelBoard
public import SwivelHardware

/// One debounced press or release of a board button.
public struct ButtonChange: Equatable, Sendable {
    public var button: Board.Button
    public var pressed: Bool
    /// When the new level had held for the debounce window.
    public var instant: MonotonicInstant

    public init(button: Board.Button, pressed: Bool, instant: MonotonicInstant) {
        self.button = button
        self.pressed = pressed
        self.instant = instant
    }
}

/// The board's buttons, read off the real-time thread: the link thread polls
/// it each time it services the hub (at least every 5 ms). Each button is its
/// own edge request, since each may ask for a different bias; its edges go
/// through a `Debouncer` (a window of 0 where the kernel already debounced).
public final class ButtonWatcher {
    struct Watched {
        var button: Board.Button
        var source: any EdgeEventSource
        var debouncer: Debouncer
        var droppedSeen: UInt64
    }

    private var watched: [Watched]
    private let buffer: UnsafeMutableBufferPointer<EdgeEvent>

    /// - Parameters:
    ///   - sources: one edge source per button, in the same order, watching its line.
    ///   - windowNanoseconds: the software debounce window of each button.
    public init(
        buttons: [Board.Button], sources: [any EdgeEventSource], windowNanoseconds: [Int64], at now: MonotonicInstant
    ) throws(HardwareError) {
        guard buttons.count == sources.count, buttons.count == windowNanoseconds.count else {
            throw HardwareError(.invalidConfiguration, "\(buttons.count) buttons need as many edge sources and debounce windows")
        }
        var watched: [Watched] = []
        for (index, button) in buttons.enumerated() {
            let source = sources[index]
            guard source.lines.contains(button.line) else {
                throw HardwareError(.invalidConfiguration, "button '\(button.name)': its edge source does not watch line \(button.line)")
            }
            let debouncer = try Debouncer(
                windowNanoseconds: windowNanoseconds[index], level: source.level(of: button.line), at: now)
            watched.append(Watched(button: button, source: source, debouncer: debouncer, droppedSeen: source.droppedEvents))
        }
        self.watched = watched
        buffer = .allocate(capacity: 64)
        buffer.initialize(repeating: EdgeEvent(instant: .zero, line: 0, rising: false))
    }

    deinit { buffer.deallocate() }

    public var buttons: [Board.Button] { watched.map(\.button) }

    /// Whether each button is held down now, as debounced.
    public var pressed: [Bool] { watched.map { $0.debouncer.level != $0.button.activeLow } }

    /// Drains every button's edges and returns the presses and releases that
    /// became stable by `now`, oldest first per button.
    public func poll(at now: MonotonicInstant) -> [ButtonChange] {
        var changes: [ButtonChange] = []
        for index in watched.indices {
            let source = watched[index].source
            let line = watched[index].button.line
            while true {
                let count = source.drainEvents(into: buffer)
                for event in buffer[0..<count] where event.line == line {
                    if let change = watched[index].debouncer.observe(event.rising, at: event.instant) {
                        changes.append(buttonChange(change, of: index))
                    }
                }
                if count < buffer.count { break }
            }
            // Lost edges leave the debouncer on a stale level: take the line's level as it is now.
            let dropped = source.droppedEvents
            if dropped != watched[index].droppedSeen {
                watched[index].droppedSeen = dropped
                if let change = watched[index].debouncer.observe(source.level(of: line), at: now) {
                    changes.append(buttonChange(change, of: index))
                }
            }
            if let change = watched[index].debouncer.settle(at: now) { changes.append(buttonChange(change, of: index)) }
        }
        return changes
    }

    /// The earliest instant a pending level becomes stable: when to poll next.
    public var nextSettle: MonotonicInstant? { watched.compactMap(\.debouncer.settlesAt).min() }

    private func buttonChange(_ change: Debouncer.Change, of index: Int) -> ButtonChange {
        let button = watched[index].button
        return ButtonChange(button: button, pressed: change.level != button.activeLow, instant: change.instant)
    }
}
