/// A switch contact bounces for a few milliseconds each time it moves. The
/// debouncer reports a level only once the raw line has held it for the whole
/// window, so a burst of bounces becomes one change, and a glitch (or a press
/// and release) shorter than the window becomes none.
///
/// Pure and deterministic: time passes only through the instants given, so a
/// test replays an edge sequence and gets the same changes every time. Used
/// where the kernel cannot debounce (libgpiod 1.x); a window of 0 passes every
/// level change straight through.
public struct Debouncer: Sendable, Equatable {
    /// A level the line has held for the whole window.
    public struct Change: Sendable, Equatable {
        public var level: Bool
        /// When the level had held for the window: the last raw edge plus the window.
        public var instant: MonotonicInstant

        public init(level: Bool, instant: MonotonicInstant) {
            self.level = level
            self.instant = instant
        }
    }

    public let windowNanoseconds: Int64
    /// The debounced level.
    public private(set) var level: Bool
    private var rawLevel: Bool
    private var rawSince: MonotonicInstant

    /// - Parameters:
    ///   - level: the line's level at `instant`, taken as already stable.
    public init(windowNanoseconds: Int64, level: Bool, at instant: MonotonicInstant) throws(HardwareError) {
        guard windowNanoseconds >= 0 else {
            throw HardwareError(.invalidConfiguration, "a debounce window cannot be negative, got \(windowNanoseconds) ns")
        }
        self.windowNanoseconds = windowNanoseconds
        self.level = level
        rawLevel = level
        rawSince = instant
    }

    /// The raw line is at `rawLevel` from `instant` on (an edge, or a level read).
    /// Returns the change that became stable up to and including `instant`, if any.
    /// Instants must not go backwards; an earlier one is taken as `instant` of the last edge.
    public mutating func observe(_ newLevel: Bool, at instant: MonotonicInstant) -> Change? {
        let edgeInstant = max(instant, rawSince)
        // The previous raw level may have held for the window before this edge.
        let settled = settle(at: edgeInstant)
        if newLevel != rawLevel {
            rawLevel = newLevel
            rawSince = edgeInstant
        }
        return settled ?? (windowNanoseconds == 0 ? settle(at: edgeInstant) : nil)
    }

    /// Time has reached `now` with no new edge: the raw level may have held long enough.
    public mutating func settle(at now: MonotonicInstant) -> Change? {
        guard rawLevel != level, now.nanoseconds(since: rawSince) >= windowNanoseconds else { return nil }
        level = rawLevel
        return Change(level: rawLevel, instant: rawSince.advanced(byNanoseconds: windowNanoseconds))
    }

    /// When the pending raw level becomes stable if no edge comes first; nil when nothing is pending.
    public var settlesAt: MonotonicInstant? {
        rawLevel == level ? nil : rawSince.advanced(byNanoseconds: windowNanoseconds)
    }
}
