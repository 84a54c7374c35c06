/// An output line of a `InMemoryGPIOChip`. Holds the chip (not the other way
/// round) so dropping the line releases it, as closing a request fd does.
final class InMemoryOutputLine: DigitalOutput {
    private let chip: InMemoryGPIOChip
    let line: Int

    init(chip: InMemoryGPIOChip, line: Int) {
        self.chip = chip
        self.line = line
    }

    func set(_ high: Bool, at instant: MonotonicInstant) {
        chip.write(line: line, high: high, at: instant)
    }

    deinit { chip.release(line: line) }
}
