/// What a board says about one kind of motor: the seam a new motor type
/// implements on the board side (its settings type, and one decoder entry in
/// `BoardDecoder.motorTypes`, the one list of types). The runtime's drive
/// (`DrivenMotor`, in the type's own file) turns the settings into an
/// `Actuator` on every backend, and the simulated backend's `SimulatedMotorType`
/// (in its own file there) says what its model simulates for it; nothing else
/// in the tree asks which kind it is (docs/MOTOR-TYPES.md).
public protocol MotorSettings: Sendable {
    /// The `type` key that selects it in a board file.
    static var typeName: String { get }
    /// It knows its angle at power-up (a servo's pulse, a bus servo's
    /// encoder), so homing is not for it; a stepper's position is lost at power-off.
    var isAbsolute: Bool { get }
    /// Encoder counts per axis turn it measures its own angle with (a bus
    /// servo's encoder), or nil when it has none: then only an `encoder` key
    /// gives the axis a closed loop.
    var ownEncoderCountsPerAxisTurn: Double? { get }
    /// The most steps it may need in one control period (0: it makes none).
    func maximumStepsPerTick(loopRateHz: Int) -> Int
    /// One line for `check-board` and the daemon's start: what it is and how it is wired.
    var summary: String { get }
    /// The GPIO line offsets it drives (for an in-memory chip's size).
    var gpioLines: [Int] { get }
    /// The hardware PWM channels it drives.
    var pwmOutputs: [PWMOutput] { get }
    /// Header pins it claims besides GPIO lines (a PWM channel, a UART), one
    /// "keyPath: description" each, for `check-board`'s signal list.
    func headerClaims(keyPath: String, chipLabel: String) -> [String]
    /// What it claims beyond GPIO lines and PWM channels (a serial bus, an
    /// address on it), so two motors, or a motor and a serial port, cannot
    /// be given the same one.
    var claims: [MotorClaim] { get }
    /// Value equality across the existential.
    func isEqual(to other: any MotorSettings) -> Bool
}

extension MotorSettings {
    public func headerClaims(keyPath: String, chipLabel: String) -> [String] { [] }
    public var gpioLines: [Int] { [] }
    public var pwmOutputs: [PWMOutput] { [] }
    public var claims: [MotorClaim] { [] }
    public var ownEncoderCountsPerAxisTurn: Double? { nil }
}

/// A resource a motor claims. An exclusive claim (an address on a bus) is
/// one motor's alone; a shared one (the bus itself) may be claimed by several
/// whose `terms` agree (protocol, baud).
public struct MotorClaim: Equatable, Sendable {
    /// "serial device /dev/serial0", "ID 1 on /dev/serial0".
    public var resource: String
    /// What every sharer must agree on; nil for an exclusive claim.
    public var terms: String?

    public static func exclusive(_ resource: String) -> MotorClaim { MotorClaim(resource: resource, terms: nil) }
    public static func shared(_ resource: String, terms: String) -> MotorClaim { MotorClaim(resource: resource, terms: terms) }

    /// The resource a serial device is claimed as, by a motor or a `serial` port.
    public static func serialDevice(_ path: String) -> String { "serial device \(path)" }
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
    }
}
