/// Why a Pan-Tilt HAT write could not be built. Nothing is written when it is thrown.
public enum PanTiltHATError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The calibration's minimum must be positive and below its maximum, which fits 16 bits.
    case invalidPulseRange(minimumMicroseconds: Int, maximumMicroseconds: Int)
    /// A pulse outside the servo's calibrated range.
    case pulseOutOfRange(pulseNanoseconds: Int64, minimumMicroseconds: Int, maximumMicroseconds: Int)
    /// The library's angles are −90...90 degrees.
    case angleOutOfRange(degrees: Double)

    public var description: String {
        switch self {
        case .invalidPulseRange(let minimum, let maximum): "Pan-Tilt HAT pulse range \(minimum)...\(maximum) µs is not increasing within 1...65535"
        case .pulseOutOfRange(let pulse, let minimum, let maximum): "pulse of \(pulse) ns is outside the servo's \(minimum)...\(maximum) µs"
        case .angleOutOfRange(let degrees): "angle \(degrees)° is outside −90...90°"
        }
    }
}
