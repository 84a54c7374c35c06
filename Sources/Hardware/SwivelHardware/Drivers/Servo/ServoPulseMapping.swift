/// How a hobby servo turns pulse width into horn angle: linearly between two
/// calibration points. `angleAtMaxPulseRadians` below `angleAtMinPulseRadians`
/// means the servo is mounted inverted. Shared by the driver (what to send)
/// and the simulated stand (what a servo does with it).
public struct ServoPulseMapping: Equatable, Sendable {
    public let minPulseNanoseconds: Int64
    public let maxPulseNanoseconds: Int64
    public let angleAtMinPulseRadians: Double
    public let angleAtMaxPulseRadians: Double

    public init(
        minPulseNanoseconds: Int64, maxPulseNanoseconds: Int64,
        angleAtMinPulseRadians: Double, angleAtMaxPulseRadians: Double
    ) throws(HardwareError) {
        guard minPulseNanoseconds > 0, maxPulseNanoseconds > minPulseNanoseconds else {
            throw HardwareError(.invalidConfiguration, "servo pulse range must be positive and increasing, got \(minPulseNanoseconds)...\(maxPulseNanoseconds) ns")
        }
        guard angleAtMinPulseRadians.isFinite, angleAtMaxPulseRadians.isFinite,
              angleAtMinPulseRadians != angleAtMaxPulseRadians
        else {
            throw HardwareError(.invalidConfiguration, "servo angles at min and max pulse must be finite and different, got \(angleAtMinPulseRadians) and \(angleAtMaxPulseRadians) rad")
        }
        self.minPulseNanoseconds = minPulseNanoseconds
        self.maxPulseNanoseconds = maxPulseNanoseconds
        self.angleAtMinPulseRadians = angleAtMinPulseRadians
        self.angleAtMaxPulseRadians = angleAtMaxPulseRadians
    }

    public var minimumAngleRadians: Double { min(angleAtMinPulseRadians, angleAtMaxPulseRadians) }
    public var maximumAngleRadians: Double { max(angleAtMinPulseRadians, angleAtMaxPulseRadians) }

    /// The angle a pulse asks for, clamped to the servo's span (a servo does
    /// not go past its end points whatever it is sent).
    public func angle(forPulseNanoseconds pulse: Int64) -> Double {
        let clamped = min(max(pulse, minPulseNanoseconds), maxPulseNanoseconds)
        let fraction = Double(clamped - minPulseNanoseconds) / Double(maxPulseNanoseconds - minPulseNanoseconds)
        return angleAtMinPulseRadians + fraction * (angleAtMaxPulseRadians - angleAtMinPulseRadians)
    }

    /// The pulse for an angle, clamped to the span and rounded to the
    /// nanosecond; nil for a non-finite angle.
    public func pulseNanoseconds(forAngle radians: Double) -> Int64? {
        guard radians.isFinite else { return nil }
        let clamped = min(max(radians, minimumAngleRadians), maximumAngleRadians)
        let fraction = (clamped - angleAtMinPulseRadians) / (angleAtMaxPulseRadians - angleAtMinPulseRadians)
        let pulse = Double(minPulseNanoseconds) + fraction * Double(maxPulseNanoseconds - minPulseNanoseconds)
        return min(max(Int64(pulse.rounded()), minPulseNanoseconds), maxPulseNanoseconds)
    }
}
