import SwivelHardware
import SwivelRuntime
import SwivelSimBackend

/// `make run`'s keys on a simulated board: each presses one of its buttons
/// through the panel, so the press is the same GPIO edge a real contact makes.
final class ButtonKeys {
    let panel: SimulatedButtonPanel
    private let input: KeyInput

    /// nil unless the board is simulated and the daemon runs on a terminal.
    init?(panel: SimulatedButtonPanel?) {
        guard let panel, !panel.buttons.isEmpty, let input = KeyInput() else { return nil }
        self.panel = panel
        self.input = input
    }

    /// The start-up notice: which key presses which button.
    var legend: String { "keys: \(panel.keyLegend)" }

    /// The status line's last segment, the keys alone ("keys s f + - t 1"): a
    /// narrow terminal cuts it before the stand's state, and the notice at
    /// start names their buttons.
    var segment: String { "keys " + panel.keys.map(String.init).joined(separator: " ") }

    /// Presses the button of each key typed since the last call; says what it did.
    func pressTyped(at now: MonotonicInstant, log: (String) -> Void) {
        for key in input.read() where !key.isWhitespace {
            guard let button = panel.button(forKey: key) else {
                log("key \(key): no button; the keys are \(panel.keyLegend)")
                continue
            }
            do {
                try panel.press(button.name, at: now)
                log("key \(key): pressed and released the '\(button.name)' button (line \(button.line))")
            } catch {
                log("key \(key): \(error.reason)")
            }
        }
    }

    func restore() { input.restore() }
}
