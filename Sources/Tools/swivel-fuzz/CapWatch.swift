import SwivelBoard
import SwivelCore
import SwivelRuntime

/// The board's caps, checked on the limiter's output after every tick: the
/// commanded position never leaves the hardware range, the commanded speed never
/// exceeds the board's cap, and the commanded velocity never changes by more
/// than the acceleration cap allows in one tick.
///
/// Tolerances are for floating-point rounding only: 1e-9 rad and 1e-9 rad/s
/// absolute, 1e-6 relative on the acceleration step (the limiter's landing
/// correction divides by dt). App limits (SET_LIMITS) are not checked here:
/// they may be overshot by design (docs/MOTION.md); the board's never are.
struct CapWatch {
    struct AxisCaps {
        var axis: Axis
        var range: ClosedRange<Double>?
        var maximumSpeed: Double
        var maximumAcceleration: Double
    }

    let caps: [AxisCaps]
    let tickSeconds: Double
    private var previousVelocity = PerAxis<Double>(repeating: 0)

    static let positionTolerance = 1e-9
    static let speedTolerance = 1e-9
    static let accelerationRelativeTolerance = 1e-6

    init(board: Board) {
        caps = Axis.allCases.compactMap { axis in
            guard let limits = board.axes[axis]?.limits else { return nil }
            let range = limits.minRadians.flatMap { lower in limits.maxRadians.map { lower...$0 } }
            return AxisCaps(
                axis: axis, range: range, maximumSpeed: limits.maxSpeedRadiansPerSecond,
                maximumAcceleration: limits.maxAccelerationRadiansPerSecondSquared)
        }
        tickSeconds = 1 / Double(board.loopRateHz)
    }

    /// Checks one tick's published status; `tick` numbers it for the report.
    mutating func check(_ status: StandStatus, tick: Int) throws(Violation) {
        for cap in caps {
            let state = status.commanded[cap.axis]
            let where_ = "\(cap.axis) at tick \(tick)"
            guard state.position.isFinite, state.velocity.isFinite, status.measured[cap.axis].isFinite else {
                throw Violation("positions and velocities stay finite", "\(where_): commanded \(state.position) rad \(state.velocity) rad/s, measured \(status.measured[cap.axis]) rad")
            }
            if let range = cap.range,
               state.position < range.lowerBound - Self.positionTolerance || state.position > range.upperBound + Self.positionTolerance {
                throw Violation("the board's range is never crossed", "\(where_): commanded \(state.position) rad outside \(range)")
            }
            if abs(state.velocity) > cap.maximumSpeed + Self.speedTolerance {
                throw Violation("the board's speed cap holds", "\(where_): commanded \(state.velocity) rad/s, cap \(cap.maximumSpeed)")
            }
            let step = abs(state.velocity - previousVelocity[cap.axis])
            let allowed = cap.maximumAcceleration * tickSeconds * (1 + Self.accelerationRelativeTolerance) + Self.speedTolerance
            if step > allowed {
                throw Violation(
                    "the acceleration cap is never broken",
                    "\(where_): velocity \(previousVelocity[cap.axis]) → \(state.velocity) rad/s in one tick = \(step / tickSeconds) rad/s², cap \(cap.maximumAcceleration)")
            }
            previousVelocity[cap.axis] = state.velocity
        }
    }
}

extension Board.Axes {
    subscript(axis: Axis) -> Board.Axis? {
        switch axis {
        case .pitch: pitch
        case .yaw: yaw
        case .roll: roll
        }
    }
}
