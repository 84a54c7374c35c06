/// The Pimoroni Pan-Tilt HAT's microcontroller at 0x15, as Pimoroni's
/// `pantilthat` library (0.0.7) drives it: a config byte and one 16-bit pulse
/// width in microseconds per servo, low byte first (SMBus write_word_data).
public enum PanTiltHATRegister {
    public static let config: UInt8 = 0x00
    /// Servo 1 (pan) pulse width, µs, 0x01 low byte, 0x02 high byte.
    public static let servo1: UInt8 = 0x01
    /// Servo 2 (tilt) pulse width, µs, 0x03 low byte, 0x04 high byte.
    public static let servo2: UInt8 = 0x03
    /// The WS2812 pixel buffer (or, in PWM light mode, the brightness byte).
    public static let ws2812: UInt8 = 0x05
    public static let defaultAddress: UInt8 = 0x15
    /// The library's default calibration: what its −90° and +90° send.
    public static let libraryMinimumPulseMicroseconds = 575
    public static let libraryMaximumPulseMicroseconds = 2325
}

/// The config register's bits, in the order `pantilthat._set_config` packs them.
public struct PanTiltHATConfig: OptionSet, Equatable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Servo 1's pulse is generated; cleared, its line stays low (the servo goes limp).
    public static let servo1Enabled = PanTiltHATConfig(rawValue: 1 << 0)
    public static let servo2Enabled = PanTiltHATConfig(rawValue: 1 << 1)
    public static let lightsEnabled = PanTiltHATConfig(rawValue: 1 << 2)
    /// Set: the light output drives WS2812/SK6812 pixels; clear: a PWM-dimmed LED.
    public static let lightModeWS2812 = PanTiltHATConfig(rawValue: 1 << 3)
    public static let lightOn = PanTiltHATConfig(rawValue: 1 << 4)

    /// What the library's `setup()` writes: both servos off, lights on, WS2812 mode.
    public static let libraryDefault: PanTiltHATConfig = [.lightsEnabled, .lightModeWS2812]

    public static func enabled(_ servo: PanTiltHATServo) -> PanTiltHATConfig {
        switch servo {
        case .pan: .servo1Enabled
        case .tilt: .servo2Enabled
        }
    }
}

/// The HAT's two servo outputs: servo 1 is pan, servo 2 tilt (the library's `pan`/`tilt`).
public enum PanTiltHATServo: Int, Equatable, Sendable, CaseIterable {
    case pan = 1
    case tilt = 2

    public var register: UInt8 {
        switch self {
        case .pan: PanTiltHATRegister.servo1
        case .tilt: PanTiltHATRegister.servo2
        }
    }
}
