/// Why a PCA9685 write could not be built. Nothing is written when it is thrown.
public enum PCA9685Error: Error, Equatable, Sendable, CustomStringConvertible {
    /// Channels are 0...15.
    case channelOutOfRange(channel: Int)
    /// The frequency is not finite and positive, or needs a prescale outside 3...255
    /// (about 24 to 1526 Hz on the nominal oscillator). Not clamped: a servo fed
    /// another frame rate than the board says would be driven wrongly without a word.
    case frequencyOutOfRange(frequencyHertz: Double, preScale: Double)
    /// The oscillator frequency must be positive (and below 50 MHz, the EXTCLK maximum).
    case oscillatorOutOfRange(oscillatorHertz: Int)
    /// A pulse must be longer than one count and shorter than the period; 0 is `fullyOff`.
    case pulseOutOfRange(pulseNanoseconds: Int64, periodNanoseconds: Int64)

    public var description: String {
        switch self {
        case .channelOutOfRange(let channel): "PCA9685 channel \(channel) is outside 0...15"
        case .frequencyOutOfRange(let frequency, let preScale):
            "PWM frequency \(frequency) Hz needs prescale \(preScale), outside the PCA9685's 3...255"
        case .oscillatorOutOfRange(let hertz): "oscillator frequency \(hertz) Hz is outside 1...50000000"
        case .pulseOutOfRange(let pulse, let period):
            "pulse of \(pulse) ns does not fit a PWM period of \(period) ns (it must round to 1...4095 counts)"
        }
    }
}
