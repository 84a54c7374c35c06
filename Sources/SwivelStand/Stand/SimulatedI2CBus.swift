import SwivelBoard
public import SwivelHardware
import SwivelSim

/// The simulated stand's I2C bus: each board AS5600 is a `InMemoryAS5600` whose
/// magnet turns with its axis in the physical model, so the simulator runs
/// the same `AS5600Encoder` as hardware. Reads are memory, so the encoder
/// samples inside the tick, on the loop thread that owns the model.
public final class SimulatedI2CBus: I2CBusProvider {
    private var devices: [[Int]: SimulatedAS5600] = [:]

    init(board: Board, model: StandModel) {
        for (name, axis) in board.axes.present {
            guard case .as5600(let sensor) = axis.encoder else { continue }
            devices[[sensor.i2cBus, sensor.address]] = SimulatedAS5600(model: model, axis: name, sensor: sensor)
        }
    }

    public func device(bus: Int, address: UInt8) throws(I2CError) -> any I2CRegisterDevice {
        guard let device = devices[[bus, Int(address)]] else {
            throw I2CError(.noAnswer, "nothing answered at address \(address) (decimal) on simulated i2c bus \(bus): no board AS5600 there")
        }
        return device
    }

    public var readsAreImmediate: Bool { true }
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
