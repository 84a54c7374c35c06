extension Board {
    /// A hobby servo: pulse width maps linearly to angle.
    public struct Servo: Equatable, Sendable {
        /// Where the pulses come from.
        public enum Output: Equatable, Sendable {
            /// A Linux PWM channel: `/sys/class/pwm/pwmchip<chip>/pwm<channel>`.
            case hardwarePWM(chip: Int, channel: Int)
            /// A GPIO line toggled by a user-space thread: jittery, the fallback.
            case softwarePWM(line: Int)
        }

        public var output: Output
        public var periodMicroseconds: Int
        public var minPulseMicroseconds: Int
        public var maxPulseMicroseconds: Int
        /// Axis angle at `minPulseMicroseconds`.
        public var angleAtMinPulseRadians: Double
        /// Axis angle at `maxPulseMicroseconds`.
        public var angleAtMaxPulseRadians: Double

        public init(output: Output, periodMicroseconds: Int, minPulseMicroseconds: Int,
                    maxPulseMicroseconds: Int, angleAtMinPulseRadians: Double, angleAtMaxPulseRadians: Double) {
            self.output = output
            self.periodMicroseconds = periodMicroseconds
            self.minPulseMicroseconds = minPulseMicroseconds
            self.maxPulseMicroseconds = maxPulseMicroseconds
            self.angleAtMinPulseRadians = angleAtMinPulseRadians
            self.angleAtMaxPulseRadians = angleAtMaxPulseRadians
        }

        /// A servo on a hardware PWM channel.
        public init(pwmChip: Int, pwmChannel: Int, periodMicroseconds: Int, minPulseMicroseconds: Int,
                    maxPulseMicroseconds: Int, angleAtMinPulseRadians: Double, angleAtMaxPulseRadians: Double) {
            self.init(output: .hardwarePWM(chip: pwmChip, channel: pwmChannel), periodMicroseconds: periodMicroseconds,
                      minPulseMicroseconds: minPulseMicroseconds, maxPulseMicroseconds: maxPulseMicroseconds,
                      angleAtMinPulseRadians: angleAtMinPulseRadians, angleAtMaxPulseRadians: angleAtMaxPulseRadians)
        }
    }
}

extension Board.Servo: MotorSettings {
    public static let typeName = "servo"
    /// A servo knows its angle from its pulse width.
    public var isAbsolute: Bool { true }

    public func maximumStepsPerTick(loopRateHz: Int) -> Int { 0 }

    public var gpioLines: [Int] {
        if case .softwarePWM(let line) = output { return [line] }
        return []
    }

    public var pwmOutputs: [PWMOutput] {
        if case .hardwarePWM(let chip, let channel) = output { return [PWMOutput(chip: chip, channel: channel)] }
        return []
    }

    public var summary: String {
        let output = switch output {
        case .hardwarePWM(let chip, let channel): "servo pwmchip\(chip)/pwm\(channel), "
        case .softwarePWM(let gpioLine): "servo on software PWM line \(gpioLine) (jittery), "
        }
        return output + "\(minPulseMicroseconds)–\(maxPulseMicroseconds) µs ↔ "
            + "\(angleAtMinPulseRadians)…\(angleAtMaxPulseRadians) rad"
    }

    public func headerClaims(keyPath: String, chipLabel: String) -> [String] {
        guard case .hardwarePWM(let chip, let channel) = output else { return [] }
        return ["\(keyPath): " + PiHeader.describePWM(chip: chip, channel: channel, chipLabel: chipLabel)]
    }
}

extension Board.Motor {
    public static func servo(_ settings: Board.Servo) -> Board.Motor { Board.Motor(settings) }
    /// The settings as a `Servo`, when it is one.
    public var servo: Board.Servo? { settings as? Board.Servo }
}
