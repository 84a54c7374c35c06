/// One device at one address on an I2C bus, read register by register: the
/// transfer writes the register address and reads `buffer.count` bytes back
/// (the device's address pointer auto-increments). Drivers see only this, so
/// they run against a fake register map in tests and in simulation.
public protocol I2CRegisterDevice: AnyObject {
    func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError)
}

/// Where I2C devices come from: `/dev/i2c-N` on Linux, register maps in
/// memory in simulation.
public protocol I2CBusProvider: AnyObject {
    func device(bus: Int, address: UInt8) throws(I2CError) -> any I2CRegisterDevice
    /// True when reads are memory, not a bus: a sensor may then sample inside
    /// the tick (deterministic in virtual time) instead of on a reader thread.
    var readsAreImmediate: Bool { get }
}
