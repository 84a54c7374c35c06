/// What a board says about one kind of motor: the seam a new motor type
/// implements on the board side (its settings type, and one decoder entry in
/// `BoardDecoder.motorTypes`). The runtime's drive table turns the settings
/// into an `Actuator`; nothing else in the tree asks which kind it is.
public protocol MotorSettings: Sendable {
    /// The `type` key that selects it in a board file.
    static var typeName: String { get }
    /// It knows its angle at power-up (a servo's pulse, a bus servo's
    /// encoder), so homing is not for it; a stepper's position is lost at power-off.
    var isAbsolute: Bool { get }
    /// The most steps it may need in one control period (0: it makes none).
    func maximumStepsPerTick(loopRateHz: Int) -> Int
    /// One line for `check-board` and the daemon's start: what it is and how it is wired.
    var summary: String { get }
    /// The GPIO line offsets it drives (for a mock chip's size).
    var gpioLines: [Int] { get }
    /// The hardware PWM channels it drives.
    var pwmOutputs: [PWMOutput] { get }
    /// Header pins it claims besides GPIO lines (a PWM channel, a UART), one
    /// "keyPath: description" each, for `check-board`'s signal list.
    func headerClaims(keyPath: String, chipLabel: String) -> [String]
    /// Value equality across the existential.
    func isEqual(to other: any MotorSettings) -> Bool
}

extension MotorSettings {
    public func headerClaims(keyPath: String, chipLabel: String) -> [String] { [] }
    public var gpioLines: [Int] { [] }
    public var pwmOutputs: [PWMOutput] { [] }
}

/// A Linux PWM channel: `/sys/class/pwm/pwmchip<chip>/pwm<channel>`.
public struct PWMOutput: Equatable, Sendable {
    public var chip: Int
    public var channel: Int

    public init(chip: Int, channel: Int) {
        self.chip = chip
        self.channel = channel
    }
}

extension MotorSettings where Self: Equatable {
    public func isEqual(to other: any MotorSettings) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension Board {
    /// An axis's motor: any kind a board may name (`MotorSettings`).
    public struct Motor: Equatable, Sendable {
        public let settings: any MotorSettings

        public init(_ settings: any MotorSettings) { self.settings = settings }

        public static func == (a: Motor, b: Motor) -> Bool { a.settings.isEqual(to: b.settings) }

        /// Its `type` in a board file.
        public var typeName: String { type(of: settings).typeName }

        public static func stepper(_ settings: Stepper) -> Motor { Motor(settings) }
        public static func servo(_ settings: Servo) -> Motor { Motor(settings) }
        /// The settings as a `Stepper`, when it is one.
        public var stepper: Stepper? { settings as? Stepper }
        /// The settings as a `Servo`, when it is one.
        public var servo: Servo? { settings as? Servo }
    }
}
