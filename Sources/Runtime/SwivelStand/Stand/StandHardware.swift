public import SwivelBoard
import SwivelCore
public import SwivelHardware

/// The interfaces a board's lines and channels live on, whatever backs them:
/// what a backend module hands the stand. SwivelStand imports no backend; each
/// backend builds one of these from a board (`LinuxHardware` in
/// SwivelLinuxBackend, `SimulatedHardware` in SwivelSimBackend), and every
/// motor type's `MotorDrive` builds its actuator on it, so the simulated board
/// runs the same drivers as real lines.
public struct StandHardware {
    public var chip: any GPIOChip
    public var pwm: any PWMProvider
    public var executor: any StepExecutor
    /// Where AS5600 encoders are read; nil on a backend with no I2C.
    public var i2c: (any I2CBusProvider)?
    /// The clock a software-PWM servo's thread sleeps on; nil where software
    /// PWM cannot run (the simulated servo model reads a PWM channel).
    public var softwarePWMClock: SystemMonotonicClock?
    /// Where serial devices (UARTs) are opened; nil on a backend without them.
    public var byteDevices: (any ByteDeviceProvider)?
    /// What a serial device that answers at once (simulated, in virtual time) is timed by.
    public var busClock: any MonotonicClock
    /// What the motor types share between their axes (a serial bus and its
    /// thread), made as their axes are built, started once all are, and
    /// stopped by the backend after the loop (`MotorResources.stopAll`).
    public let motorResources = MotorResources()
    /// Called at the start of every tick, on the loop thread: the simulated
    /// stand's physical model catching up with the clock. The model also
    /// integrates whenever the tick reads a line or a sensor of it, but a board
    /// whose tick reads none (servos behind an I2C chip, no encoder) would
    /// otherwise never run it: its servos would not move, and would read the
    /// chip's registers late, all at once. nil on hardware.
    public var beforeTick: (() -> Void)?

    /// - Parameters:
    ///   - byteDevices: where serial devices (UARTs) are opened; nil on a backend without them.
    ///   - busClock: what a serial device that answers at once (simulated, in virtual time) is timed by.
    public init(chip: any GPIOChip, pwm: any PWMProvider, executor: any StepExecutor,
                i2c: (any I2CBusProvider)? = nil, softwarePWMClock: SystemMonotonicClock? = nil,
                byteDevices: (any ByteDeviceProvider)? = nil, busClock: (any MonotonicClock)? = nil) {
        self.chip = chip
        self.pwm = pwm
        self.executor = executor
        self.i2c = i2c
        self.softwarePWMClock = softwarePWMClock
        self.byteDevices = byteDevices
        self.busClock = busClock ?? SystemMonotonicClock()
    }

    /// How many steps a step executor must hold for one plan: a tick plans the
    /// steps of one period; leave room for a carried backlog. Every backend's executor is sized by it.
    public static func stepPlanCapacity(_ board: Board) -> Int { 2 * board.maximumStepsPerTick + 16 }

    /// Requests every line and channel the board names and builds the drivers.
    /// Outputs start at their safe level: STEP low, ENABLE inactive.
    func makeDrives(for board: Board) throws(StandSetupError) -> [AxisDrive] {
        var drives: [AxisDrive] = []
        for axis in Axis.allCases {
            guard let config = board.axes.perAxis[axis] else { continue }
            let owner = "swivel-\(axis)"
            do {
                let actuator = try MotorDrive.entry(for: config.motor).makeActuator(config.motor.settings, self, owner)
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
                drives.append(AxisDrive(axis: axis, actuator: actuator, encoder: encoder, homeSwitch: homeSwitch))
            } catch let error as StandSetupError {
                throw error
            } catch {
                throw StandSetupError("\(axis): \(error)")
            }
        }
        // Every axis is built: a shared resource knows all its users (a bus, every servo on it).
        try motorResources.startAll()
        return drives
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
