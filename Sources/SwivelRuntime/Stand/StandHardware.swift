import SwivelBoard
import SwivelCore
public import SwivelHardware

/// The interfaces a board's lines and channels live on, whatever backs them.
public struct StandHardware {
    public var chip: any GPIOChip
    public var pwm: any PWMProvider
    public var executor: any StepExecutor
    /// Where AS5600 encoders are read; nil on a backend with no I2C.
    public var i2c: (any I2CBusProvider)?
    /// The clock a software-PWM servo's thread sleeps on; nil where software
    /// PWM cannot run (the simulated servo model reads a PWM channel).
    public var softwarePWMClock: SystemMonotonicClock?

    public init(chip: any GPIOChip, pwm: any PWMProvider, executor: any StepExecutor,
                i2c: (any I2CBusProvider)? = nil, softwarePWMClock: SystemMonotonicClock? = nil) {
        self.chip = chip
        self.pwm = pwm
        self.executor = executor
        self.i2c = i2c
        self.softwarePWMClock = softwarePWMClock
    }

    /// Requests every line and channel the board names and builds the drivers.
    /// Outputs start at their safe level: STEP low, ENABLE inactive.
    func makeDrives(for board: Board) throws(StandSetupError) -> [AxisDrive] {
        var drives: [AxisDrive] = []
        for axis in Axis.allCases {
            guard let config = board.axes.perAxis[axis] else { continue }
            let owner = "swivel-\(axis)"
            do {
                let motor: AxisDrive.Motor
                switch config.motor {
                case .stepper(let s):
                    let planner = try StepPlanner(
                        microstepsPerRadian: s.microstepsPerRadian, maxStepRateHz: s.maxStepRateHz,
                        minPulseWidthNanoseconds: Int64(s.minPulseWidthNanoseconds),
                        directionSetupNanoseconds: Int64(s.directionSetupNanoseconds),
                        invertDirection: s.invertDirection)
                    let step = try chip.requestOutput(line: s.stepLine, initialHigh: false, consumer: owner + "-step")
                    let direction = try chip.requestOutput(line: s.directionLine, initialHigh: false, consumer: owner + "-dir")
                    let enable = try s.enableLine.map { line throws(HardwareError) in
                        try chip.requestOutput(line: line, initialHigh: s.enableActiveLow, consumer: owner + "-enable")
                    }
                    motor = .stepper(try StepperDriver(
                        step: step, direction: direction, enable: enable, enableActiveLow: s.enableActiveLow,
                        planner: planner, executor: executor))
                case .servo(let s):
                    let channel = try servoChannel(s.output, owner: owner)
                    motor = .servo(try ServoDriver(
                        channel: channel, periodNanoseconds: Int64(s.periodMicroseconds) * 1_000,
                        minPulseNanoseconds: Int64(s.minPulseMicroseconds) * 1_000,
                        maxPulseNanoseconds: Int64(s.maxPulseMicroseconds) * 1_000,
                        angleAtMinPulseRadians: s.angleAtMinPulseRadians,
                        angleAtMaxPulseRadians: s.angleAtMaxPulseRadians))
                }
                var encoder: (any PositionEncoder)?
                switch config.encoder {
                case .quadrature(let q):
                    let source = try chip.requestEdgeEvents(lines: [q.lineA, q.lineB], consumer: owner + "-encoder")
                    encoder = try QuadratureEncoder(
                        source: source, lineA: q.lineA, lineB: q.lineB, countsPerRadian: q.countsPerRadian, invert: q.invert)
                case .as5600(let sensor):
                    encoder = try makeAS5600(sensor, axis: axis)
                case nil:
                    break
                }
                var homeSwitch: HomeSwitch?
                if let homing = config.homing {
                    let source = try chip.requestEdgeEvents(lines: [homing.switchLine], consumer: owner + "-home")
                    homeSwitch = try HomeSwitch(source: source, line: homing.switchLine, activeLow: homing.switchActiveLow)
                }
                drives.append(AxisDrive(axis: axis, motor: motor, encoder: encoder, homeSwitch: homeSwitch))
            } catch let error as StandSetupError {
                throw error
            } catch {
                throw StandSetupError("\(axis): \(error)")
            }
        }
        return drives
    }

    private func servoChannel(_ output: Board.Servo.Output, owner: String) throws -> any PWMChannel {
        switch output {
        case .hardwarePWM(let chipNumber, let channel):
            return try pwm.channel(chip: chipNumber, channel: channel)
        case .softwarePWM(let line):
            guard let softwarePWMClock else {
                throw HardwareError(.invalidConfiguration, "software PWM (softwarePwmLine \(line)) needs the gpiod backend; "
                    + "the simulated servo is driven through a PWM channel: give pwmChip and pwmChannel")
            }
            let output = try chip.requestOutput(line: line, initialHigh: false, consumer: owner + "-servo")
            return try SoftwarePWMChannel(output: output, clock: softwarePWMClock)
        }
    }

    /// Opens the sensor and reads it once before the stand runs, so a wiring
    /// or magnet fault stops setup with its reason instead of a frozen axis.
    private func makeAS5600(_ sensor: Board.AS5600, axis: Axis) throws -> AS5600Encoder {
        let place = "AS5600 on i2c bus \(sensor.i2cBus) at address \(Self.hex(sensor.address))"
        guard let i2c else {
            throw StandSetupError("\(axis): this backend has no I2C bus for the \(place)")
        }
        let device: any I2CRegisterDevice
        do {
            device = try i2c.device(bus: sensor.i2cBus, address: UInt8(truncatingIfNeeded: sensor.address))
        } catch {
            throw StandSetupError("\(axis): \(place): \(error.reason)")
        }
        let encoder = try AS5600Encoder(
            device: device, gearRatio: sensor.gearRatio, invert: sensor.invert,
            zeroOffsetRadians: sensor.zeroOffsetRadians, samplesInsideUpdate: i2c.readsAreImmediate)
        switch encoder.sampleOnce() {
        case .angle:
            break
        case .magnetFault(let status):
            throw StandSetupError("\(axis): \(place): \(status); check the magnet's distance (0.5-3 mm) and centring")
        case .busFailure(let error):
            throw StandSetupError("\(axis): \(place): \(error.reason)")
        case .readerThreadOwnsTheBus:
            break
        }
        if !i2c.readsAreImmediate {
            try encoder.startSampling(rateHz: sensor.sampleRateHz)
        }
        return encoder
    }

    private static func hex(_ value: Int) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
