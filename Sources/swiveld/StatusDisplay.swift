import SwivelRuntime

/// The live status: redrawn in place on a terminal, one line a second otherwise
/// (a log or a pipe gets a readable history instead of carriage returns).
final class StatusDisplay {
    let interactive: Bool
    private var lastPrinted: UInt64 = 0
    private var showing = false
    private var updates: UInt64 = 0

    init(interactive: Bool) { self.interactive = interactive }

    func show(_ line: String) {
        updates += 1
        if interactive {
            // A line that wraps cannot be redrawn in place: cut it to the terminal's width.
            let width = terminalColumns()
            let shown = line.count > width ? String(line.prefix(max(width - 1, 1))) : line
            print("\r\u{1B}[K" + shown, terminator: "")
            flushStandardOutput()
            showing = true
        } else if updates - lastPrinted >= 10 || lastPrinted == 0 {
            print(line)
            flushStandardOutput()
            lastPrinted = updates
        }
    }

    /// Writes a log line without tearing the status line.
    func log(_ write: () -> Void) {
        if interactive, showing {
            print("\r\u{1B}[K", terminator: "")
            flushStandardOutput()
            showing = false
        }
        write()
    }

    func finish() {
        if interactive, showing { print("") }
        showing = false
    }
}
