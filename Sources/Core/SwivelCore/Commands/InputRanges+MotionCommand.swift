extension InputRanges {
    /// The numbers of a motion command: rates, durations, angles, the
    /// quaternion's length. Commands without numbers, limits (checked when a
    /// `UserAxisLimit` is made) and tracking targets (checked by the
    /// controller) pass. Allocation-free: the controller calls it in the tick.
    public static func check(_ command: MotionCommand) throws(SwivelError) {
        switch command {
        case .setAngularVelocity(let velocity):
            try check(angularVelocity: velocity)
        case .setOrientation(let target, let seconds, _):
            try check(orientation: target, durationSeconds: seconds)
        case .setServoPulse(let axis, let microseconds):
            try servoPulse.check(microseconds, axis: axis)
        default:
            break
        }
    }
}
