/// An output line of a `MockGPIOChip`. Holds the chip (not the other way
/// round) so dropping the line releases it, as closing a request fd does.
final class MockOutputLine: DigitalOutput {
    private let chip: MockGPIOChip
    let line: Int

    init(chip: MockGPIOChip, line: Int) {
        self.chip = chip
        self.line = line
    }

    func set(_ high: Bool, at instant: MonotonicInstant) {
        chip.write(line: line, high: high, at: instant)
    }

    deinit { chip.release(line: line) }
}
