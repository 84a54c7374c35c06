public import SwivelBoard
public import SwivelHardware
import SwivelSync

/// Presses of the simulated board's buttons from outside the link thread: the
/// daemon's keyboard (`make run`) and a scene's `buttonPresses`. A press is
/// queued under a lock and becomes a level change of the button's in-memory GPIO
/// line on the link thread, just before that thread reads the lines (the
/// chip's `beforeInputRead`), so it takes the path a real contact's edge
/// takes: edge ring, debouncer, ACCESSORY_EVENT or the tracking toggle.
public final class SimulatedButtonPanel: Sendable {
    /// How much longer than its button's debounce window a press is held by
    /// default, so it reads as a press and not as bounce.
    public static let holdBeyondDebounceNanoseconds: Int64 = 100_000_000

    struct Drive {
        var line: Int
        var high: Bool
        var instant: MonotonicInstant
    }

    public let buttons: [Board.Button]
    private let pending = PIMutex<[Drive]>([])

    init(buttons: [Board.Button]) { self.buttons = buttons }

    /// The button `key` presses: `s` shutter, `f` flip, `+` and `-` zoom, `t`
    /// the tracking button, `1`...`9` the button with that id; nil when the
    /// board has no such button.
    public func button(forKey key: Character) -> Board.Button? {
        buttons.first { button in
            switch (key, button.action) {
            case ("s", .cameraShutter), ("f", .cameraFlip), ("+", .cameraZoomIn), ("-", .cameraZoomOut),
                ("t", .trackingToggle):
                true
            case (_, .button(let id)): key.wholeNumberValue.map { (1...9).contains($0) && $0 == id } ?? false
            default: false
            }
        }
    }

    /// The keys this board answers, in a fixed order.
    public var keys: [Character] {
        ["s", "f", "+", "-", "t", "1", "2", "3", "4", "5", "6", "7", "8", "9"].filter { button(forKey: $0) != nil }
    }

    /// Each key with its button, for the status display: "s shutter, t tracking".
    public var keyLegend: String {
        keys.compactMap { key in button(forKey: key).map { "\(key) \($0.name)" } }.joined(separator: ", ")
    }

    /// Presses the button named `name` at `instant` and releases it
    /// `holdNanoseconds` later (default: its debounce window and 100 ms more).
    public func press(_ name: String, at instant: MonotonicInstant, holdNanoseconds: Int64? = nil) throws(HardwareError) {
        guard let button = buttons.first(where: { $0.name == name }) else {
            let names = buttons.map(\.name).joined(separator: ", ")
            throw HardwareError(.invalidConfiguration, "the simulated board has no button '\(name)' (it has: \(names))")
        }
        // A pressed active-low button pulls its line low.
        let hold = holdNanoseconds ?? Int64(button.debounceMilliseconds) * 1_000_000 + Self.holdBeyondDebounceNanoseconds
        let released = instant.advanced(byNanoseconds: max(hold, 1))
        pending.withLock { drives in
            drives.append(Drive(line: button.line, high: !button.activeLow, instant: instant))
            drives.append(Drive(line: button.line, high: button.activeLow, instant: released))
        }
    }

    /// On the link thread: drives every queued level change that is due by
    /// `now` onto `chip`, in time order, stamped with its own instant.
    func apply(to chip: InMemoryGPIOChip, now: MonotonicInstant) {
        let due: [Drive] = pending.withLock { drives in
            let ready = drives.filter { $0.instant <= now }.sorted { $0.instant < $1.instant }
            drives.removeAll { $0.instant <= now }
            return ready
        }
        for drive in due {
            // The line is an input of this chip by construction: nothing to report.
            try? chip.driveInput(line: drive.line, high: drive.high, at: drive.instant)
        }
    }
}
