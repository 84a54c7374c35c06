extension Board {
    /// A unipolar stepper on four coil lines through a Darlington array: the
    /// 28BYJ-48 on its ULN2003 board. There is no step/dir translator: the
    /// runtime writes the phase states itself, one sequence step at a time.
    public struct UnipolarStepper: Equatable, Sendable {
        /// How the coils are energised.
        public enum Sequence: String, CaseIterable, Equatable, Sendable {
            /// One coil, then two, then the next one (8 states): twice the
            /// resolution, the torque of one coil in half the states.
            case half
            /// Two coils at a time (4 states): the most torque, half the resolution.
            case full
        }

        /// IN1…IN4 of the ULN2003 board, in the order the coils are energised
        /// (the 28BYJ-48's blue, pink, yellow, orange wires).
        public var coilLines: [Int]
        public var sequence: Sequence
        /// Full steps per turn of the motor's rotor (32 for the 28BYJ-48).
        public var stepsPerRevolution: Int
        /// Rotor turns per axis turn: the 28BYJ-48's gearbox is
        /// (32/9)(22/11)(26/9)(31/10) = 63.68395:1, not the 64:1 its datasheet
        /// rounds to, so 4076 half-steps (4075.77) turn its shaft once, not 4096.
        public var gearRatio: Double
        public var invertDirection: Bool
        /// The most sequence states per second; its inverse is the shortest
        /// time a state is held (the rotor must follow each state before the next).
        public var maxStepRateHz: Double
        /// How long the coils stay energised once the axis is at rest before
        /// they are switched off: these motors run hot when held.
        public var holdMilliseconds: Int

        public init(coilLines: [Int], sequence: Sequence, stepsPerRevolution: Int, gearRatio: Double,
                    invertDirection: Bool, maxStepRateHz: Double, holdMilliseconds: Int) {
            self.coilLines = coilLines
            self.sequence = sequence
            self.stepsPerRevolution = stepsPerRevolution
            self.gearRatio = gearRatio
            self.invertDirection = invertDirection
            self.maxStepRateHz = maxStepRateHz
            self.holdMilliseconds = holdMilliseconds
        }

        /// Sequence states per full step: 2 for half-stepping.
        public var statesPerStep: Int { sequence == .half ? 2 : 1 }

        /// Sequence states per radian of axis rotation.
        public var statesPerRadian: Double {
            Double(stepsPerRevolution * statesPerStep) * gearRatio / (2 * Double.pi)
        }
    }
}

extension Board.UnipolarStepper: MotorSettings {
    public static let typeName = "unipolarStepper"
    public var isAbsolute: Bool { false }
    public var gpioLines: [Int] { coilLines }

    public func maximumStepsPerTick(loopRateHz: Int) -> Int {
        Int((maxStepRateHz / Double(max(loopRateHz, 1))).rounded(.up))
    }

    public var summary: String {
        let tenths = Int(exactly: (statesPerRadian * 10).rounded()) ?? 0
        return "unipolar stepper IN1-IN4 \(coilLines.map(String.init).joined(separator: " ")), \(sequence.rawValue)-step, "
            + "\(tenths / 10).\(abs(tenths % 10)) states/rad, ≤ \(maxStepRateHz) states/s, coils off after \(holdMilliseconds) ms at rest"
    }
}
