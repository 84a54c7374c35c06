import SwivelBoard
import SwivelHardware
import SwivelRuntime

/// A board's `StandEngine` on `MockHardware` with nothing on the far side, so no
/// physical model runs. The encoders then see no edges (they read 0), which
/// does not change what the tick does with the motors.
struct MockStandRig {
    let clock: ManualClock
    let chip: InMemoryGPIOChip
    let engine: StandEngine
    let stepLines: [Int]

    /// Enough to show what the last writes were; the ring never grows.
    static let transitionLogCapacity = 64

    init(board: Board) throws(BenchFailure) {
        // As VirtualStand starts its clock: one second in keeps instants positive.
        clock = ManualClock(startingAt: MonotonicInstant(nanoseconds: 1_000_000_000))
        do throws(StandSetupError) {
            let mock = try MockHardware(board: board, clock: clock, transitionLogCapacity: Self.transitionLogCapacity)
            chip = mock.chip
            engine = try Stand.make(board: board, hardware: mock.hardware, playDemo: true).engine
        } catch {
            throw BenchFailure("stand on mock hardware for '\(board.name)': \(error.reason)")
        }
        stepLines = board.stepLines
    }

    var stepsEmitted: Int { chip.stepsEmitted(on: stepLines) }
}

extension InMemoryGPIOChip {
    /// STEP pulses written so far on `lines` (each is a rising and a falling write).
    func stepsEmitted(on lines: [Int]) -> Int {
        lines.reduce(0) { $0 + writeCount(line: $1) / 2 }
    }
}
