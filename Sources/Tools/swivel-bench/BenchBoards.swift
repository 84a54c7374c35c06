import SwivelBoard
import SwivelToolSupport

/// The boards the tick benchmark runs on: the two simulated stands, one with two
/// axes and one with three, so the per-axis cost shows.
enum BenchBoards {
    static let twoAxisPath = "boards/sim-continuous.json5"
    static let threeAxisPath = "boards/sim.json5"

    static func load(_ path: String) throws(ToolFailure) -> Board {
        do throws(BoardError) {
            return try BoardLoader.load(contentsOf: path)
        } catch {
            throw ToolFailure("cannot load board \(path) (run from the repository root): \(error)")
        }
    }
}

extension Board {
    /// How many axes the board has.
    var axisCount: Int { [axes.pitch, axes.yaw, axes.roll].count { $0 != nil } }

    /// The STEP line of every stepper axis.
    var stepLines: [Int] {
        [axes.pitch, axes.yaw, axes.roll].compactMap { axis in
            guard let stepper = axis?.motor.stepper else { return nil }
            return stepper.stepLine
        }
    }
}
