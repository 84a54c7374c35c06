import SwivelBoard
public import SwivelHardware
import SwivelSim

/// The simulated stand's I2C bus: each board AS5600 is a `InMemoryAS5600` whose
/// magnet turns with its axis in the physical model, so the simulator runs
/// the same `AS5600Encoder` as hardware. Reads are memory, so the encoder
/// samples inside the tick, on the loop thread that owns the model. The
/// motor models' chips (`SimulatedI2CPeripheral`: a servo controller's
/// register file) answer at their addresses too.
public final class SimulatedI2CBus: I2CBusProvider {
    private var devices: [[Int]: any I2CRegisterDevice] = [:]

    init(board: Board, model: StandModel, peripherals: [any SimulatedI2CPeripheral] = []) {
        for (name, axis) in board.axes.present {
            guard case .as5600(let sensor) = axis.encoder else { continue }
            devices[[sensor.i2cBus, sensor.address]] = SimulatedAS5600(model: model, axis: name, sensor: sensor)
        }
        // Each axis on one chip holds its own copy of the chip's registers: a write reaches every copy.
        var copies: [[Int]: [InMemoryI2CRegisterFile]] = [:]
        for peripheral in peripherals {
            copies[[peripheral.i2cBus, Int(peripheral.i2cAddress)], default: []].append(peripheral.registers)
        }
        for (key, files) in copies where devices[key] == nil {
            devices[key] = files.count == 1 ? files[0] : SimulatedChipCopies(files)
        }
    }

    public func device(bus: Int, address: UInt8) throws(I2CError) -> any I2CRegisterDevice {
        guard let device = devices[[bus, Int(address)]] else {
            throw I2CError(.noAnswer, "nothing answered at address \(address) (decimal) on simulated i2c bus \(bus): no board AS5600 or servo controller there")
        }
        return device
    }

    public var readsAreImmediate: Bool { true }

    /// The simulated chip at `address` on `bus` whose registers a motor model reads (its first copy).
    public func registerFile(bus: Int, address: UInt8) -> InMemoryI2CRegisterFile? {
        switch devices[[bus, Int(address)]] {
        case let file as InMemoryI2CRegisterFile: file
        case let copies as SimulatedChipCopies: copies.first
        default: nil
        }
    }
}

/// An AS5600 on a simulated axis: before each read, the model integrates up
/// to now and the magnet is set where the axis puts it (the inverse of the
/// encoder's sensor-to-axis mapping).
final class SimulatedAS5600: I2CRegisterDevice {
    let chip = InMemoryAS5600()
    private let model: StandModel
    private let axis: Axis
    private let sensor: Board.AS5600

    init(model: StandModel, axis: Axis, sensor: Board.AS5600) {
        self.model = model
        self.axis = axis
        self.sensor = sensor
    }

    func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        model.advance(to: model.clock.now())
        if let axisRadians = model.angleRadians(axis: axis) {
            let sign: Double = sensor.invert ? -1 : 1
            chip.setShaftAngle(radians: sign * (axisRadians + sensor.zeroOffsetRadians) * sensor.gearRatio)
        }
        try chip.read(register: register, into: buffer)
    }
}

/// One simulated chip that several axis models read, each from its own copy
/// of the registers: writes go to every copy, reads come from the first.
final class SimulatedChipCopies: I2CWritableDevice {
    private let copies: [InMemoryI2CRegisterFile]

    init(_ copies: [InMemoryI2CRegisterFile]) { self.copies = copies }

    var first: InMemoryI2CRegisterFile { copies[0] }

    func write(_ write: I2CRegisterWrite) throws(I2CError) {
        for copy in copies { try copy.write(write) }
    }

    func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        try copies[0].read(register: register, into: buffer)
    }
}
