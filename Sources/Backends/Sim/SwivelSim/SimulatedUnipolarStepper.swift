public import SwivelHardware

/// A unipolar stepper on four coil lines (28BYJ-48 + ULN2003). The rotor
/// follows the field the energised coils make through a spring-damper; with
/// every coil off its gearbox holds the axis where it is (the 28BYJ-48's
/// 64:1 train is not back-drivable by a camera's weight). A change of coil
/// pattern moves the field to that state: to a neighbour by one state, and
/// a jump of three or more half-steps, which a real rotor could follow
/// either way, is counted in `illegalJumps` and leaves the field where it was.
public struct SimulatedUnipolarStepperSpec: SimulatedMotorSpec, Equatable {
    /// IN1…IN4.
    public var coilLines: [Int]
    /// Half-step states (8 per electrical cycle) per radian of the axis.
    public var halfStepsPerRadian: Double
    public var naturalFrequencyHz: Double
    public var dampingRatio: Double

    public init(coilLines: [Int], halfStepsPerRadian: Double, naturalFrequencyHz: Double, dampingRatio: Double) {
        self.coilLines = coilLines
        self.halfStepsPerRadian = halfStepsPerRadian
        self.naturalFrequencyHz = naturalFrequencyHz
        self.dampingRatio = dampingRatio
    }

    public var watchedLines: [SimulatedLineWatch] {
        coilLines.enumerated().map { SimulatedLineWatch(line: $0.element, role: "IN\($0.offset + 1)") }
    }

    public func validate(axis: Axis) throws(HardwareError) {
        guard coilLines.count == 4 else {
            throw HardwareError(.invalidConfiguration, "simulated axis '\(axis)': a unipolar stepper has 4 coil lines, got \(coilLines.count)")
        }
        try SimulatedMotorChecks.positive(halfStepsPerRadian, "half-steps per radian", axis)
        try SimulatedMotorChecks.positive(naturalFrequencyHz, "natural frequency", axis)
        try SimulatedMotorChecks.positive(dampingRatio, "damping ratio", axis, allowZero: true)
    }

    public func makeModel(initialAngleRadians: Double, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) -> any SimulatedMotorModel {
        UnipolarRotor(spec: self, angleRadians: initialAngleRadians,
                      levels: coilLines.map { chip.outputLevel(line: $0) ?? false })
    }
}

/// The model of `SimulatedUnipolarStepperSpec`.
final class UnipolarRotor: SimulatedMotorModel {
    /// Half-step index (0…7) of each coil pattern, bit i for IN(i+1); nil for
    /// off or a pattern no sequence makes.
    static func halfStep(of pattern: UInt8) -> Int? {
        switch pattern {
        case 0b0001: 0
        case 0b0011: 1
        case 0b0010: 2
        case 0b0110: 3
        case 0b0100: 4
        case 0b1100: 5
        case 0b1000: 6
        case 0b1001: 7
        default: nil
        }
    }

    let damper: SpringDamper
    let lines: [Int]
    let halfStepsPerRadian: Double
    private var pattern: UInt8 = 0
    /// The field, unwrapped, in half-steps: where the last valid pattern put it.
    private(set) var fieldHalfSteps: Int64
    private var lastHalfStep: Int?
    private(set) var illegalJumps = 0
    var angleRadians: Double
    var velocityRadiansPerSecond = 0.0

    init(spec: SimulatedUnipolarStepperSpec, angleRadians: Double, levels: [Bool]) {
        damper = SpringDamper(naturalFrequencyHz: spec.naturalFrequencyHz, dampingRatio: spec.dampingRatio)
        lines = spec.coilLines
        halfStepsPerRadian = spec.halfStepsPerRadian
        self.angleRadians = angleRadians
        // The rotor rests on the half-step nearest it; its phase there is
        // whatever the coils say first, so the count starts from the angle.
        fieldHalfSteps = Int64((angleRadians * halfStepsPerRadian).rounded())
        for (index, high) in levels.enumerated() where high { pattern |= 1 << index }
        lastHalfStep = Self.halfStep(of: pattern)
    }

    var isDriven: Bool { pattern != 0 }

    func lineWritten(_ line: Int, high: Bool, at instant: Int64) {
        guard let index = lines.firstIndex(of: line) else { return }
        if high { pattern |= 1 << index } else { pattern &= ~(1 << index) }
        guard let next = Self.halfStep(of: pattern) else { return }
        defer { lastHalfStep = next }
        guard let last = lastHalfStep else {
            // Energised from off: the field comes on at the rotor's own
            // detent of that phase, the nearest one of the eight.
            let here = Int64((angleRadians * halfStepsPerRadian).rounded())
            let offset = Int64((((next - Int(((here % 8) + 8) % 8)) % 8) + 12) % 8) - 4
            fieldHalfSteps = here + offset
            return
        }
        let delta = (((next - last) % 8) + 12) % 8 - 4
        guard abs(delta) <= 2 else {
            illegalJumps += 1
            return
        }
        fieldHalfSteps += Int64(delta)
    }

    func integrate(seconds: Double) {
        guard isDriven else {
            // The gearbox holds: no coasting.
            velocityRadiansPerSecond = 0
            return
        }
        let error = angleRadians - Double(fieldHalfSteps) / halfStepsPerRadian
        let next = damper.propagate(error: error, velocity: velocityRadiansPerSecond, seconds: seconds)
        angleRadians += next.error - error
        velocityRadiansPerSecond = next.velocity
    }

    func hold() { velocityRadiansPerSecond = 0 }

    var fieldAngleRadians: Double? { Double(fieldHalfSteps) / halfStepsPerRadian }
}
