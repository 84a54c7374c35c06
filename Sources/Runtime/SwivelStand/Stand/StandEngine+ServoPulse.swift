import SwivelCore
import SwivelHardware

/// Servo pulse jog (`MotionCommand.setServoPulse`, docs/RUNTIME.md "Servo
/// pulse jog"): one pulse-width servo axis is sent a raw width, past its
/// calibration and its angle limits, so a person can find where the horn
/// stops. Only at rest, never past `ServoJog.safePulseNanoseconds` or what
/// the output can send.
///
/// The motion core keeps an honest position: each jog places the axis, at
/// rest, at the angle its width asks for (clamped to the calibrated span and
/// the limits in force), so the next motion starts where the horn is and
/// ramps from there. The axis leaves the jog when the stand accepts any other
/// motion command (STOP, a velocity, a move, an animation, tracking, limits,
/// a new or lost session), on a fault or a halt, and when the idle timeout
/// runs out (the servo is released, or holds its angle if it holds when
/// idle): a servo pushed into its stop is never left there unattended.
extension StandEngine {
    /// Checks the jog against the axis and the stand, then holds the axis at
    /// the width from this tick on.
    func jogServo(axis: Axis, microseconds: Double) throws(SwivelError) {
        try InputRanges.check(.setServoPulse(axis: axis, pulseMicroseconds: microseconds))
        if let refusal = mode.motionRefusal { throw refusal }
        guard controller.axes.contains(axis), let index = drives.firstIndex(where: { $0.axis == axis }) else {
            throw SwivelError(.notSupportedByDevice, .axisNotPresent, axis: axis)
        }
        guard let servo = drives[index].pulseServo else {
            throw SwivelError(.notSupportedByDevice, .notAPulseWidthServo, axis: axis)
        }
        let pulse = Int64((microseconds * 1_000).rounded())
        guard servo.jogRangeNanoseconds.contains(pulse) else {
            throw SwivelError.invalid(.servoPulseOutOfRange, axis: axis, value: microseconds)
        }
        guard controller.isAtRest else { throw SwivelError(.busy, .servoPulseWhileMoving, axis: axis) }
        let angle = servo.mapping.angle(forPulseNanoseconds: pulse)
        var positions = controller.state.map { $1.position }
        positions[axis] = controller.limits[axis]?.positionRange?.clamp(angle) ?? angle
        guard controller.adopt(restingPositions: positions, of: AxisSet(axis)) else {
            throw SwivelError(.busy, .servoPulseWhileMoving, axis: axis)
        }
        servoPulseJog[axis] = pulse
        // A jog is looked at, not waited out: the idle timeout counts from the last one.
        idleSinceSeconds = nil
    }

    var isJoggingServo: Bool { Axis.allCases.contains { servoPulseJog[$0] != 0 } }

    /// Every jogged axis back on its angle (which the jog already placed where the horn is).
    func endServoPulseJogs() {
        servoPulseJog = PerAxis(repeating: 0)
    }

    /// Whether an accepted command ends the jogs: all that move or may move
    /// the axes. Following's bookkeeping (a lost subject, tracking turned
    /// off) moves nothing and leaves them.
    static func endsServoPulseJog(_ command: MotionCommand) -> Bool {
        switch command {
        case .setServoPulse, .trackLost, .stopTracking, .clearFault: false
        case .setAngularVelocity, .setOrientation, .animate, .stop, .cancel, .resetSession, .setLimits, .resetLimits,
             .trackTarget, .home:
            true
        }
    }

    /// Drives one axis for the coming period: its jog's width, else its angle.
    func drive(_ drive: AxisDrive, to position: Radians, from start: MonotonicInstant, until end: MonotonicInstant) {
        let pulse = servoPulseJog[drive.axis]
        if pulse != 0, let servo = drive.pulseServo {
            servo.jog(pulseNanoseconds: pulse, at: start)
        } else {
            drive.drive(to: position, from: start, until: end)
        }
    }
}
