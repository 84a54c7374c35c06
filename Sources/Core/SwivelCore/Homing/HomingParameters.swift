/// How one axis finds its home switch (boards/README.md, `homing`).
public struct HomingParameters: Equatable, Sendable {
    /// Seek toward increasing angles (else decreasing).
    public var towardsPositive: Bool
    public var seekSpeed: RadiansPerSecond
    /// The axis angle at which the switch closes while seeking.
    public var switchPosition: Radians
    /// How far to back away from the switch once homed, so it opens again.
    public var backoff: Radians
    /// Seeking farther than this without the switch closing fails homing
    /// (a broken switch must not drive the axis into its end stop forever).
    public var maximumTravel: Radians

    public init(towardsPositive: Bool, seekSpeed: RadiansPerSecond, switchPosition: Radians,
                backoff: Radians, maximumTravel: Radians) throws(SwivelError) {
        for value in [seekSpeed, backoff, maximumTravel] where !(value.isFinite && value > 0) {
            throw SwivelError.invalid(.nonPositiveHomingSetting, value: value)
        }
        guard switchPosition.isFinite else { throw SwivelError.invalid(.nonFiniteValue, value: switchPosition) }
        self.towardsPositive = towardsPositive
        self.seekSpeed = seekSpeed
        self.switchPosition = switchPosition
        self.backoff = backoff
        self.maximumTravel = maximumTravel
    }
}
