/// The limits in force: the stand's hardware limits intersected with the app's
/// (`setLimits`). An app can only narrow what the hardware allows, never widen it.
public enum EffectiveLimits {
    /// Intersects `user` with `hardware` for every axis, or throws without
    /// changing anything: `notSupportedByDevice` for an axis the stand lacks,
    /// `invalidParameter` for an empty intersection.
    ///
    /// On a continuous axis (no hardware range) a user range is placed on the turn
    /// that holds, or is nearest to, the axis's current position, so "−1...1" means
    /// "within a radian of straight ahead" whichever turn the slip ring is on.
    public static func intersect(
        hardware: PerAxis<AxisLimits?>,
        user: UserLimits,
        currentPositions: PerAxis<Radians>
    ) throws(SwivelError) -> PerAxis<AxisLimits?> {
        var result = hardware
        for axis in Axis.allCases {
            guard let userLimit = user[axis] else { continue }
            guard let board = hardware[axis] else {
                throw SwivelError(.notSupportedByDevice, .axisNotPresent, axis: axis)
            }
            let range: PositionRange
            if let boardRange = board.positionRange {
                guard let overlap = boardRange.intersection(userLimit.positionRange) else {
                    throw SwivelError.invalid(.emptyLimitIntersection, axis: axis, value: userLimit.positionRange.lowerRadians)
                }
                // A sliver of overlap is as absurd as a sliver of a range.
                try InputRanges.limitWidth.check(overlap.widthRadians, axis: axis)
                range = overlap
            } else {
                let width = userLimit.positionRange.widthRadians
                guard width <= 2 * Double.pi else {
                    throw SwivelError.invalid(.rangeOnContinuousAxisTooWide, axis: axis, value: width)
                }
                let centre = userLimit.positionRange.centreRadians
                let turns = ((currentPositions[axis] - centre) / (2 * Double.pi)).rounded()
                range = userLimit.positionRange.shifted(by: turns * 2 * Double.pi)
            }
            result[axis] = try AxisLimits(
                positionRange: range,
                maximumSpeed: min(board.maximumSpeed, userLimit.maximumSpeed),
                maximumAcceleration: board.maximumAcceleration,
                axis: axis
            )
        }
        return result
    }
}
