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
        /// A TMC2209 the stand sets up and watches over its UART; nil for a
        /// driver set by its pins alone (A4988, DRV8825, a TMC2209 in standalone mode).
        public var tmc2209: TMC2209UART?

        public init(stepLine: Int, directionLine: Int, enableLine: Int?, enableActiveLow: Bool,
                    stepsPerRevolution: Int, microsteps: Int, gearRatio: Double, invertDirection: Bool,
                    maxStepRateHz: Double, minPulseWidthNanoseconds: Int, directionSetupNanoseconds: Int,
                    tmc2209: TMC2209UART? = nil) {
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
            self.tmc2209 = tmc2209
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
            + (tmc2209.map { ", \($0.summary)" } ?? "")
    }

    public var claims: [MotorClaim] { tmc2209?.claims ?? [] }

    public func headerClaims(keyPath: String, chipLabel: String) -> [String] {
        guard let uart = tmc2209 else { return [] }
        return ["\(keyPath).tmc2209: \(uart.device) (\(PiHeader.describeUART(device: uart.device, chipLabel: chipLabel))), "
            + "TMC2209 UART at \(uart.baud) baud, address \(uart.address)"]
    }
}

extension Board.Motor {
    public static func stepper(_ settings: Board.Stepper) -> Board.Motor { Board.Motor(settings) }
    /// The settings as a `Stepper`, when it is one.
    public var stepper: Board.Stepper? { settings as? Board.Stepper }
}
