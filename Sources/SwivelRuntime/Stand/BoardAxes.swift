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
            if case .stepper(let s)? = axis?.motor {
                steps = max(steps, Int((s.maxStepRateHz / Double(loopRateHz)).rounded(.up)))
            }
        }
        return steps
    }
}
