/// A problem an actuator reports, in the hardware layer's terms; the stand
/// latches it as the axis's motor fault. Shared by every motor type, so it
/// holds only the shared vocabulary: a type maps its own status bits into a
/// `MotorProblem` where it reads them. Plain values: reporting one never
/// allocates.
public enum ActuatorFault: Equatable, Sendable, CustomStringConvertible {
    /// Steps could not be written in time and were dropped (see `StepExecutor`).
    case stepsTooLate(StepLateFault)
    /// The motor reported a problem of its own (overheating, overload, silence on its bus).
    case motorReported(MotorProblem)

    public var description: String {
        switch self {
        case .stepsTooLate(let late): "\(late)"
        case .motorReported(let problem): "the motor reports: \(problem)"
        }
    }
}
