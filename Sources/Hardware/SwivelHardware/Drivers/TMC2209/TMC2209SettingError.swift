/// Why a TMC2209 register value could not be packed. Nothing is written when it is thrown.
public enum TMC2209SettingError: Error, Equatable, Sendable, CustomStringConvertible {
    case fieldOutOfRange(field: String, value: Int, range: ClosedRange<Int>)
    /// MRES selects 1, 2, 4 ... 256 microsteps; nothing in between.
    case microstepsNotPowerOfTwo(microsteps: Int)
    /// A current must be finite, positive for the run current, and not above 2 A RMS (the chip's rating).
    case currentOutOfRange(amperes: Double)
    /// The sense resistor must be finite and positive (boards use 0.1 to 0.15 Ω).
    case senseResistorOutOfRange(ohms: Double)
    /// A step rate must be finite and positive, a clock positive.
    case rateOutOfRange(hertz: Double)

    public var description: String {
        switch self {
        case .fieldOutOfRange(let field, let value, let range): "TMC2209 \(field) = \(value) is outside \(range.lowerBound)...\(range.upperBound)"
        case .microstepsNotPowerOfTwo(let microsteps): "\(microsteps) microsteps: the TMC2209 takes a power of two from 1 to 256"
        case .currentOutOfRange(let amperes): "motor current \(amperes) A RMS is outside what the TMC2209 can set (above 0, at most 2 A)"
        case .senseResistorOutOfRange(let ohms): "sense resistor \(ohms) Ω must be finite and positive"
        case .rateOutOfRange(let hertz): "rate \(hertz) Hz must be finite and positive"
        }
    }
}

extension TMC2209SettingError {
    static func check(_ field: String, _ value: Int, _ range: ClosedRange<Int>) throws(TMC2209SettingError) {
        guard range.contains(value) else { throw .fieldOutOfRange(field: field, value: value, range: range) }
    }
}
