/// One kind of write on a STEP/DIR/ENABLE channel.
enum StepEdge {
    case direction
    case rise
    case fall
    /// ENABLE: at its instant, in instant order with the steps. It waits for
    /// nothing; the next rising edge waits for it (`StepEnableTiming`).
    case enable
}

/// How long a driver gets between ENABLE going active and the next STEP
/// rising edge, whatever else is late. The stand asks for ENABLE at the
/// deadline of the tick that plans the first motion, a lead (one period)
/// before the earliest instant any step of that tick is planned for, so on
/// time the gap is at least that; this is the floor that still holds when
/// the tick or the step thread ran late and both edges would go out at once.
/// Step/dir drivers accept STEP while their outputs are off (the A4988's and
/// DRV8825's ENABLE gates only the bridge, TMC2209's ENN likewise), so 1 µs
/// of logic setup is enough for the step to be counted and not lost.
public enum StepEnableTiming {
    public static let setupNanoseconds: Int64 = 1_000
}

/// The timing rules every edge of one channel obeys, held against when the
/// previous edges really took effect rather than when they were planned. Both
/// executors keep one per channel, so virtual time and real lines follow the
/// same rules:
/// - no edge before its planned instant;
/// - a falling edge at least the pulse width after the rising edge as written
///   (the high time);
/// - a rising edge at least the pulse width after the previous falling edge
///   as written (the low time: the planner's own rule that the line is low
///   for at least as long as it is high, from `StepPlanner`'s interval ≥ 2 ×
///   width);
/// - a DIR change no earlier than the previous falling edge as written, and
///   the next rising edge at least the DIR setup time after the DIR write;
/// - a rising edge at least `StepEnableTiming.setupNanoseconds` after ENABLE
///   went active as written (a disable holds nothing back).
///
/// "As written" is the clock read after the write returned on hardware (the
/// level changed somewhere before that, so the next edge's wait covers the
/// whole write), and the stamped instant in virtual time. A late edge thus
/// holds back the edges after it only as far as these minimums need; a plan
/// on time is never moved (the planner already keeps them).
struct StepLineTiming {
    private(set) var lastRise = StepperState.longAgo.nanoseconds
    private(set) var lastFall = StepperState.longAgo.nanoseconds
    private(set) var lastDirection = StepperState.longAgo.nanoseconds
    private(set) var lastEnable = StepperState.longAgo.nanoseconds

    /// The earliest instant `edge`, planned at `planned`, may take effect.
    func earliest(
        _ edge: StepEdge, planned: Int64, pulseWidthNanoseconds: Int64, directionSetupNanoseconds: Int64
    ) -> Int64 {
        switch edge {
        case .direction:
            max(planned, lastFall)
        case .rise:
            max(planned, lastFall &+ pulseWidthNanoseconds, lastDirection &+ directionSetupNanoseconds,
                lastEnable &+ StepEnableTiming.setupNanoseconds)
        case .fall:
            max(planned, lastRise &+ pulseWidthNanoseconds)
        case .enable:
            planned
        }
    }

    /// ENABLE went active no later than `instant`.
    mutating func recordEnabled(at instant: Int64) { lastEnable = instant }

    /// `edge` took effect no later than `instant`. An ENABLE change is
    /// recorded with `recordEnabled`, and only when it energises.
    mutating func record(_ edge: StepEdge, at instant: Int64) {
        switch edge {
        case .direction: lastDirection = instant
        case .rise: lastRise = instant
        case .fall: lastFall = instant
        case .enable: break
        }
    }
}

/// Why a channel's executor dropped steps instead of writing them late: the
/// first edge it dropped (a DIR change or a rising edge) would have gone out
/// `latenessNanoseconds` after its planned instant, more than the executor's
/// tolerance (Klipper's "stepper too far in past"). Latched per channel until
/// the owner clears it; meanwhile every plan on the channel is dropped too.
public struct StepLateFault: Equatable, Sendable, CustomStringConvertible {
    /// How far past its planned instant the first dropped edge would have been written.
    public var latenessNanoseconds: Int64
    /// That edge's planned instant.
    public var plannedInstant: MonotonicInstant
    /// The tolerance it exceeded.
    public var toleranceNanoseconds: Int64

    public init(latenessNanoseconds: Int64, plannedInstant: MonotonicInstant, toleranceNanoseconds: Int64) {
        self.latenessNanoseconds = latenessNanoseconds
        self.plannedInstant = plannedInstant
        self.toleranceNanoseconds = toleranceNanoseconds
    }

    /// As the actuator reports it, in the vocabulary the stand latches and the wire carries.
    public var problem: MotorProblem { .stepsTooLate(latenessSeconds: Double(latenessNanoseconds) / 1e9) }

    public var description: String {
        "a step planned at \(plannedInstant) would have gone out \(latenessNanoseconds / 1_000) µs late "
            + "(tolerance \(toleranceNanoseconds / 1_000) µs)"
    }
}

/// Lateness tolerances with a name.
public enum StepLateness {
    /// Never drop a late step (it still goes out whole, at the minimum
    /// times): for runs on the system clock where no motor is at stake and
    /// the machine's load decides how late a thread wakes (real-time tests of
    /// other things, benchmarks, the desktop simulation).
    public static let unlimitedNanoseconds: Int64 = Int64.max / 4
}
