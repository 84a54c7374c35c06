/// The PCA9685 as an I2C servo controller: its set-up for the servo frame
/// rate, a channel's pulse as one auto-increment write, off as full OFF.
public struct PCA9685ServoCodec: I2CServoChipCodec, Equatable {
    public let pwm: PCA9685PWM

    public init(pwm: PCA9685PWM) { self.pwm = pwm }

    public var setupSequence: [I2CSequenceStep] { pwm.setupSequence }

    public func writes(channels: [Int], sent: [Int64], wanted: [Int64]) throws(HardwareError) -> [I2CRegisterWrite] {
        var writes: [I2CRegisterWrite] = []
        for index in channels.indices where sent[index] != wanted[index] {
            do {
                writes.append(wanted[index] == 0
                    ? try PCA9685PWM.fullyOffWrite(channel: channels[index])
                    : try pwm.pulseWrite(channel: channels[index], pulseNanoseconds: wanted[index]))
            } catch {
                throw HardwareError(.invalidConfiguration, error.description)
            }
        }
        return writes
    }

    /// What a PCA9685 puts out on `channel` given its registers: nil when it
    /// sends no pulse (asleep, full OFF, ON == OFF), else the pulse in ns of
    /// the period its PRE_SCALE makes. The inverse of the writes, for the
    /// simulated chip and for reading a real one back.
    public static func decodePulseNanoseconds(registers: [UInt8], channel: Int, oscillatorHertz: Int) -> Int64? {
        guard registers.count >= 256, (0..<PCA9685Register.channelCount).contains(channel) else { return nil }
        let mode1 = PCA9685Mode1(rawValue: registers[Int(PCA9685Register.mode1)])
        guard !mode1.contains(.sleep) else { return nil }
        let base = Int(PCA9685Register.led0OnLow) + 4 * channel
        let onHigh = registers[base + 1], offHigh = registers[base + 3]
        guard offHigh & 0x10 == 0 else { return nil }
        let on = Int(registers[base]) | Int(onHigh & 0x0F) << 8
        let off = Int(registers[base + 2]) | Int(offHigh & 0x0F) << 8
        if onHigh & 0x10 != 0 { return nil }  // full ON: no servo frame
        let counts = (off - on + PCA9685Register.countsPerPeriod) % PCA9685Register.countsPerPeriod
        guard counts > 0 else { return nil }
        let preScale = Int64(max(Int(registers[Int(PCA9685Register.preScale)]), PCA9685Register.preScaleRange.lowerBound))
        return Int64(counts) * (preScale + 1) * 1_000_000_000 / Int64(oscillatorHertz)
    }

    /// The chip's one period given its registers' PRE_SCALE, ns.
    public static func periodNanoseconds(registers: [UInt8], oscillatorHertz: Int) -> Int64 {
        let preScale = Int64(max(Int(registers[Int(PCA9685Register.preScale)]), PCA9685Register.preScaleRange.lowerBound))
        return Int64(PCA9685Register.countsPerPeriod) * (preScale + 1) * 1_000_000_000 / Int64(oscillatorHertz)
    }

    /// The silicon's write rule: PRE_SCALE changes only while SLEEP is set.
    public static let acceptsWrite: InMemoryI2CRegisterFile.WriteFilter = { register, _, registers in
        register != PCA9685Register.preScale || PCA9685Mode1(rawValue: registers[Int(PCA9685Register.mode1)]).contains(.sleep)
    }

    /// Registers at power-on: MODE1 asleep with ALLCALL, every channel full OFF, PRE_SCALE 0x1E.
    public static var powerOnRegisters: [UInt8] {
        var registers = [UInt8](repeating: 0, count: 256)
        registers[Int(PCA9685Register.mode1)] = PCA9685Mode1([.sleep, .allCall]).rawValue
        for channel in 0..<PCA9685Register.channelCount {
            registers[Int(PCA9685Register.led0OnLow) + 4 * channel + 3] = 0x10
        }
        registers[Int(PCA9685Register.preScale)] = 0x1E
        return registers
    }
}
