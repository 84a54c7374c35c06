/// One axis's motor as the stand's tick drives it: whatever moves the axis
/// (a step/dir stepper, a hobby servo on PWM, a serial bus servo) implements
/// this, and the stand knows nothing else about it. A new motor type is one
/// implementation of this protocol in its own files, its board settings and
/// decoder, its drive, its simulation, and one line in `BoardDecoder.motorTypes`
/// (docs/MOTOR-TYPES.md).
///
/// Every method is called on the loop thread, inside the tick: none may
/// block, allocate, log or wait on a lock. A motor that talks over a bus does
/// its I/O on its own thread and only exchanges values with the tick (as the
/// AS5600 encoder does).
public protocol Actuator: AnyObject {
    /// Energised (holding or moving) as last asked.
    var isEnabled: Bool { get }

    /// Energises the motor at `instant`, holding `positionRadians` (a servo's
    /// first pulse, a bus servo's goal, written before torque comes on).
    func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError)

    /// De-energises the motor at `instant`: ENABLE inactive, no pulses, torque off.
    func disable(at instant: MonotonicInstant)

    /// Drives the axis to `positionRadians` over [start, end]: the limiter's
    /// setpoint for the end of the coming period.
    func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError)

    /// Declares the axis to be at `positionRadians` without moving it (a
    /// stepper's count is bookkeeping; an absolute actuator ignores it).
    func adopt(positionRadians: Double) throws(MotionInputError)

    /// The position the motor measures itself (a bus servo's own encoder),
    /// or nil when only a separate encoder, if any, measures the axis.
    var builtInEncoder: (any PositionEncoder)? { get }

    /// What the motor counted: steps held back by its rate limit, exchanges
    /// that got no answer.
    var counters: ActuatorCounters { get }

    /// A problem the motor reports that stops the stand (steps dropped for
    /// lateness, a motor overheating or silent on its bus); nil while all is well.
    var fault: MotorProblem? { get }

    /// A mark for the output handed over so far, to pass to
    /// `hasWrittenOutput(through:)`; nil while output is still owed (a
    /// stepper's steps held back by its rate limit or a full queue), so no
    /// mark yet covers where the axis was last commanded.
    var outputMark: UInt64? { get }

    /// Whether everything handed over up to `mark` is on the lines (or was
    /// dropped, with `fault` set first). A move answers `finished` only then.
    func hasWrittenOutput(through mark: UInt64) -> Bool
}

extension Actuator {
    /// An actuator that writes its output as it is commanded (a servo's
    /// pulse width, a bus servo's goal) has nothing in flight.
    public var outputMark: UInt64? { 0 }

    public func hasWrittenOutput(through mark: UInt64) -> Bool { true }
}

/// Counters an actuator keeps, zero where they do not apply.
public struct ActuatorCounters: Equatable, Sendable {
    /// Steps delayed by the step-rate limit (steppers).
    public var rateLimitedSteps: UInt64 = 0
    /// Bus exchanges that got no valid reply (bus servos).
    public var missedReplies: UInt64 = 0

    public init(rateLimitedSteps: UInt64 = 0, missedReplies: UInt64 = 0) {
        self.rateLimitedSteps = rateLimitedSteps
        self.missedReplies = missedReplies
    }
}
