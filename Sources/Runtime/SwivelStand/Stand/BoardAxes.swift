public import SwivelBoard
public import SwivelCore

extension Board.Axes {
    /// The board's axes in the core's per-axis form.
    public var perAxis: PerAxis<Board.Axis?> { PerAxis(pitch: pitch, yaw: yaw, roll: roll) }
}

extension Board {
    /// The hardware limits the motion core enforces. The loader has already
    /// checked every bound, so a failure here means the two disagree: it is
    /// reported, not trapped.
    public func hardwareLimits() throws(SwivelError) -> PerAxis<AxisLimits?> {
        var result = PerAxis<AxisLimits?>(repeating: nil)
        for axis in SwivelCore.Axis.allCases {
            guard let config = axes.perAxis[axis] else { continue }
            let limits = config.limits
            var range: PositionRange?
            if let lower = limits.minRadians, let upper = limits.maxRadians {
                range = try PositionRange(lowerRadians: lower, upperRadians: upper, axis: axis)
            }
            result[axis] = try AxisLimits(
                positionRange: range,
                maximumSpeed: limits.maxSpeedRadiansPerSecond,
                maximumAcceleration: limits.maxAccelerationRadiansPerSecondSquared,
                axis: axis)
        }
        return result
    }
}

extension Board {
    /// The most steps any stepper may need in one control period at its top
    /// step rate: what a step plan must hold.
    public var maximumStepsPerTick: Int {
        var steps = 1
        for axis in [axes.pitch, axes.yaw, axes.roll] {
            if let axis { steps = max(steps, axis.motor.settings.maximumStepsPerTick(loopRateHz: loopRateHz)) }
        }
        return steps
    }
}

extension Board {
    /// How late a step may start and still be written: half a control period
    /// (500 µs at 1 kHz). Steps are planned one period ahead, so a tick may
    /// wake up to 1.5 periods late, or the step thread stall half a period,
    /// before a step is dropped and reported (`MotorProblem.stepsTooLate`). Within
    /// it a late step goes out with its full pulse and the ones after it catch
    /// up at the electrical minimums; a longer stall would burst a catch-up
    /// the motor cannot follow.
    public var stepLatenessToleranceNanoseconds: Int64 { 1_000_000_000 / Int64(max(1, loopRateHz)) / 2 }
}
