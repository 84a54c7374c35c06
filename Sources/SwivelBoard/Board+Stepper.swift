extension Board {
    /// A step/dir driver (A4988, DRV8825, TMC2209 in step/dir mode).
    public struct Stepper: Equatable, Sendable {
        public var stepLine: Int
        public var directionLine: Int
        public var enableLine: Int?
        /// A4988/TMC2209 ENABLE is active low: the driver is on while the pin is low.
        public var enableActiveLow: Bool
        public var stepsPerRevolution: Int
        public var microsteps: Int
        /// Motor revolutions per axis revolution.
        public var gearRatio: Double
        public var invertDirection: Bool
        public var maxStepRateHz: Double
        public var minPulseWidthNanoseconds: Int
        /// Time DIR must be stable before a STEP edge.
        public var directionSetupNanoseconds: Int

        public init(stepLine: Int, directionLine: Int, enableLine: Int?, enableActiveLow: Bool,
                    stepsPerRevolution: Int, microsteps: Int, gearRatio: Double, invertDirection: Bool,
                    maxStepRateHz: Double, minPulseWidthNanoseconds: Int, directionSetupNanoseconds: Int) {
            self.stepLine = stepLine
            self.directionLine = directionLine
            self.enableLine = enableLine
            self.enableActiveLow = enableActiveLow
            self.stepsPerRevolution = stepsPerRevolution
            self.microsteps = microsteps
            self.gearRatio = gearRatio
            self.invertDirection = invertDirection
            self.maxStepRateHz = maxStepRateHz
            self.minPulseWidthNanoseconds = minPulseWidthNanoseconds
            self.directionSetupNanoseconds = directionSetupNanoseconds
        }

        /// Microsteps per radian of axis rotation.
        public var microstepsPerRadian: Double {
            Double(stepsPerRevolution * microsteps) * gearRatio / (2 * Double.pi)
        }
    }
}

extension Board.Stepper: MotorSettings {
    public static let typeName = "stepper"
    public var isAbsolute: Bool { false }
    public var gpioLines: [Int] { [stepLine, directionLine] + (enableLine.map { [$0] } ?? []) }

    public func maximumStepsPerTick(loopRateHz: Int) -> Int {
        Int((maxStepRateHz / Double(max(loopRateHz, 1))).rounded(.up))
    }

    public var summary: String {
        // One decimal, as the daemon has always printed it.
        let tenths = Int(exactly: (microstepsPerRadian * 10).rounded()) ?? 0
        return "stepper STEP \(stepLine) DIR \(directionLine) EN \(enableLine.map(String.init) ?? "none"), "
            + "\(tenths / 10).\(abs(tenths % 10)) microsteps/rad, ≤ \(maxStepRateHz) steps/s"
    }
}

extension Board.Motor {
    public static func stepper(_ settings: Board.Stepper) -> Board.Motor { Board.Motor(settings) }
    /// The settings as a `Stepper`, when it is one.
    public var stepper: Board.Stepper? { settings as? Board.Stepper }
}
