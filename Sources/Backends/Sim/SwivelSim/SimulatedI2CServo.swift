public import SwivelHardware
import Synchronization

/// A hobby servo behind an I2C servo controller (a PCA9685 channel, a
/// Pan-Tilt HAT servo): the controller is a register file on the simulated
/// I2C bus, written by the same driver as on hardware, and the servo reads
/// its pulse from those registers once per frame, decoded as the chip would
/// put it out (`pulseNanoseconds`: nil is no pulse, the servo limp).
public struct SimulatedI2CServoSpec: SimulatedMotorSpec, SimulatedI2CPeripheral, Equatable {
    public var i2cBus: Int
    public var i2cAddress: UInt8
    public var registers: InMemoryI2CRegisterFile
    /// Names the decoding, for equality: "PCA9685 channel 0".
    public var output: String
    public var pulseNanoseconds: @Sendable ([UInt8]) -> Int64?
    /// How often the servo reads a pulse (the chip's frame).
    public var framePeriodNanoseconds: Int64
    public var mapping: ServoPulseMapping
    public var slewRadiansPerSecond: Double
    /// What the servo read over the run (not part of equality).
    public let pulses = SimulatedServoPulseRecord()

    public init(i2cBus: Int, i2cAddress: UInt8, registers: InMemoryI2CRegisterFile, output: String,
                framePeriodNanoseconds: Int64, mapping: ServoPulseMapping, slewRadiansPerSecond: Double,
                pulseNanoseconds: @escaping @Sendable ([UInt8]) -> Int64?) {
        self.i2cBus = i2cBus
        self.i2cAddress = i2cAddress
        self.registers = registers
        self.output = output
        self.framePeriodNanoseconds = framePeriodNanoseconds
        self.mapping = mapping
        self.slewRadiansPerSecond = slewRadiansPerSecond
        self.pulseNanoseconds = pulseNanoseconds
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.i2cBus == b.i2cBus && a.i2cAddress == b.i2cAddress && a.registers === b.registers && a.output == b.output
            && a.framePeriodNanoseconds == b.framePeriodNanoseconds && a.mapping == b.mapping
            && a.slewRadiansPerSecond == b.slewRadiansPerSecond
    }

    public func validate(axis: Axis) throws(HardwareError) {
        try SimulatedMotorChecks.positive(slewRadiansPerSecond, "servo slew rate", axis)
        try SimulatedMotorChecks.positive(Double(framePeriodNanoseconds), "servo frame period", axis)
    }

    public func makeModel(initialAngleRadians: Double, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) -> any SimulatedMotorModel {
        I2CServoHorn(spec: self, horn: ServoHorn(
            mapping: mapping, slewRadiansPerSecond: slewRadiansPerSecond, angleRadians: initialAngleRadians,
            state: PWMChannelState(periodNanoseconds: framePeriodNanoseconds, enabled: true), now: now))
    }
}

/// A simulated chip on the simulated I2C bus that a motor's model reads:
/// the simulated board serves `registers` at `i2cAddress` on `i2cBus`.
public protocol SimulatedI2CPeripheral {
    var i2cBus: Int { get }
    var i2cAddress: UInt8 { get }
    var registers: InMemoryI2CRegisterFile { get }
}

extension SimulatedAxisSpec.Motor {
    /// A hobby servo behind an I2C servo controller (`SimulatedI2CServoSpec`).
    public static func i2cServo(_ spec: SimulatedI2CServoSpec) -> SimulatedAxisSpec.Motor { SimulatedAxisSpec.Motor(spec) }
}

/// The horn reads the chip's registers at each frame: a pulse moves its
/// target, none leaves it where it is and undriven.
final class I2CServoHorn: SimulatedMotorModel {
    private let spec: SimulatedI2CServoSpec
    private let horn: ServoHorn
    private(set) var isDriven = false

    init(spec: SimulatedI2CServoSpec, horn: ServoHorn) {
        self.spec = spec
        self.horn = horn
    }

    var angleRadians: Double { horn.angleRadians }
    var velocityRadiansPerSecond: Double { horn.velocityRadiansPerSecond }
    func integrate(seconds: Double) { horn.integrate(seconds: seconds) }
    func hold() {}
    var nextSample: Int64? { horn.nextSample }

    func sample(at instant: Int64) {
        let read = spec.pulseNanoseconds(spec.registers.registers)
        spec.pulses.record(read)
        if let pulse = read {
            horn.dutyCycleNanoseconds = pulse
            isDriven = true
        } else {
            horn.dutyCycleNanoseconds = 0
            horn.targetRadians = horn.angleRadians
            isDriven = false
        }
        horn.sample(at: instant)
    }
}

/// The pulses a simulated I2C servo read from its chip over the run, for the
/// daemon's exit summary: what reached the servo, whatever the stand meant to
/// send. Written by the model's thread, read once the loop has stopped.
public final class SimulatedServoPulseRecord: Sendable {
    private let narrowest = Atomic<Int64>(.max)
    private let widest = Atomic<Int64>(0)

    public init() {}

    func record(_ pulse: Int64?) {
        guard let pulse else { return }
        if pulse < narrowest.load(ordering: .relaxed) { narrowest.store(pulse, ordering: .relaxed) }
        if pulse > widest.load(ordering: .relaxed) { widest.store(pulse, ordering: .relaxed) }
    }

    /// The narrowest and widest pulse read, ns; nil if none ever came.
    public var rangeNanoseconds: ClosedRange<Int64>? {
        let low = narrowest.load(ordering: .relaxed), high = widest.load(ordering: .relaxed)
        return low <= high ? low...high : nil
    }
}
