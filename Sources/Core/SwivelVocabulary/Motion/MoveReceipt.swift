/// What a trajectory command started.
public struct MoveReceipt: Equatable, Sendable {
    public var requestID: UInt32
    /// When it will arrive, after fitting the caps (may exceed the requested duration).
    public var plannedDurationSeconds: Seconds
    /// Where it will end, after clamping to the limits.
    public var target: Vector3
    /// Axes whose requested target lay outside the limits and was clamped.
    public var clampedAxes: AxisSet

    public init(requestID: UInt32, plannedDurationSeconds: Seconds, target: Vector3, clampedAxes: AxisSet) {
        self.requestID = requestID
        self.plannedDurationSeconds = plannedDurationSeconds
        self.target = target
        self.clampedAxes = clampedAxes
    }
}
