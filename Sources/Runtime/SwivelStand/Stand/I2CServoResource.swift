import SwivelBoard
import SwivelHardware

/// The I2C servo controllers' writers, one `I2CServoBus` (and one thread) per
/// I2C bus, shared by every I2C servo type's axes: made with the first
/// axis, started (each chip set up, its channels off) once every axis is
/// built, stopped after the drivers are disabled (every channel off).
final class I2CServoResource: MotorResource {
    private let provider: (any I2CBusProvider)?
    private var buses: [Int: I2CServoBus] = [:]

    init(_ hardware: StandHardware) { provider = hardware.i2c }

    /// The channel's slot on its chip's bus, the device opened with the chip's first channel.
    func channel(_ channel: Int, bus: Int, address: Int, codec: any I2CServoChipCodec, framePeriodNanoseconds: Int64,
                 place: String) throws(StandSetupError) -> (I2CServoSlot, I2CServoBus) {
        guard let provider else { throw StandSetupError("\(place): this backend has no I2C bus") }
        let device: any I2CRegisterDevice
        do {
            device = try provider.device(bus: bus, address: UInt8(truncatingIfNeeded: address))
        } catch {
            throw StandSetupError("\(place): \(error.reason)")
        }
        guard let writable = device as? any I2CWritableDevice else {
            throw StandSetupError("\(place): the device at that address on this backend cannot be written")
        }
        let writer = buses[bus] ?? I2CServoBus(name: "/dev/i2c-\(bus)", inline: provider.readsAreImmediate)
        buses[bus] = writer
        let slot = writer.addChannel(channel, address: UInt8(truncatingIfNeeded: address), device: writable, codec: codec,
                                     ratePeriodNanoseconds: framePeriodNanoseconds)
        return (slot, writer)
    }

    func start() throws(StandSetupError) {
        for bus in buses.keys.sorted() {
            do {
                try buses[bus]?.start()
            } catch {
                throw StandSetupError("I2C servos: \(error.reason)")
            }
        }
    }

    func stop() {
        for bus in buses.keys.sorted() { buses[bus]?.stop() }
    }
}
