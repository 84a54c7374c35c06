extension BoardKeys {
    static let pca9685Servo = ["type", "i2cBus", "address", "channel", "frequencyHz", "oscillatorHz", "minPulseUs", "maxPulseUs",
                               "angleAtMinPulseRad", "angleAtMaxPulseRad"]
}

/// A hobby servo on a PCA9685 channel: the chip's frame rate must be one its
/// prescaler makes, and the pulse range must fit its period.
extension BoardDecoder {
    func decodePCA9685Servo(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?) -> Board.PCA9685Servo? {
        let bus = integer(motor, "i2cBus", in: BoardKeys.i2cBuses)
        let address = integer(motor, "address", in: BoardKeys.i2cAddresses, default: Board.PCA9685Servo.defaultAddress)
        let channel = integer(motor, "channel", in: 0...15)
        // The prescaler's 3...255 at the nominal oscillator; the exact check follows.
        let frequency = number(motor, "frequencyHz", .closed(24, 1526), default: Board.PCA9685Servo.defaultFrequencyHz)
        let oscillator = integer(motor, "oscillatorHz", in: 20_000_000...30_000_000, default: Board.PCA9685Servo.defaultOscillatorHz)
        if let bus { noteI2CPins(bus: bus.value, path: motor.path, fileLine: bus.line) }
        var periodMicroseconds: Int?
        if let frequency, let oscillator {
            let exact = Double(oscillator.value) / (4096 * frequency.value)
            let preScale = exact.rounded() - 1
            if preScale < 3 || preScale > 255 {
                report(frequency, "\(ValueText.number(frequency.value)) Hz needs a PCA9685 prescale of \(ValueText.number(preScale)) at "
                    + "oscillatorHz \(oscillator.value), outside the chip's 3...255")
            } else {
                periodMicroseconds = Int(4096 * (preScale + 1) * 1_000_000 / Double(oscillator.value))
            }
        }
        guard let pulses = decodeServoPulses(motor, limits: limits, continuous: continuous, periodMicroseconds: periodMicroseconds,
                                             periodKey: "frequencyHz"),
              let bus, let address, let channel, let frequency, let oscillator, periodMicroseconds != nil else { return nil }
        return Board.PCA9685Servo(
            i2cBus: bus.value, address: address.value, channel: channel.value, frequencyHz: frequency.value,
            oscillatorHz: oscillator.value, minPulseMicroseconds: pulses.min, maxPulseMicroseconds: pulses.max,
            angleAtMinPulseRadians: pulses.angleAtMin, angleAtMaxPulseRadians: pulses.angleAtMax)
    }

    /// The pulse range and the angles it spans, as for a hobby servo on PWM:
    /// increasing pulses shorter than the period, two different angles the
    /// axis limits stay within, never a continuous axis.
    func decodeServoPulses(_ motor: ObjectFields, limits: LimitsRead, continuous: Located<Bool>?, periodMicroseconds: Int?,
                           periodKey: String, pulseRange: ClosedRange<Int> = 100...100_000)
        -> (min: Int, max: Int, angleAtMin: Double, angleAtMax: Double)? {
        let minPulse = integer(motor, "minPulseUs", in: pulseRange)
        let maxPulse = integer(motor, "maxPulseUs", in: pulseRange)
        let angleAtMin = number(motor, "angleAtMinPulseRad", .oneTurn)
        let angleAtMax = number(motor, "angleAtMaxPulseRad", .oneTurn)
        var consistent = true
        if let minPulse, let maxPulse, minPulse.value >= maxPulse.value {
            report(maxPulse, "must be greater than minPulseUs (\(minPulse.value)), found \(maxPulse.value)")
            consistent = false
        }
        if let maxPulse, let periodMicroseconds, maxPulse.value >= periodMicroseconds {
            report(maxPulse, "must be less than the servo period (\(periodMicroseconds) µs at \(periodKey)), found \(maxPulse.value)")
            consistent = false
        }
        if let angleAtMin, let angleAtMax {
            if angleAtMin.value == angleAtMax.value {
                report(angleAtMax, "must differ from angleAtMinPulseRad (\(ValueText.number(angleAtMin.value))); "
                    + "a decreasing pair makes an inverted servo")
                consistent = false
            } else {
                consistent = checkRangeInsideSpan(limits, angleAtMin, angleAtMax) && consistent
            }
        }
        if let continuous, continuous.value {
            report(continuous, "a servo axis cannot be continuous: a hobby servo turns through a limited angle")
            consistent = false
        }
        guard consistent, let minPulse, let maxPulse, let angleAtMin, let angleAtMax else { return nil }
        return (minPulse.value, maxPulse.value, angleAtMin.value, angleAtMax.value)
    }
}
