#if os(Linux)
public import SwivelHardware

/// I2C devices on `/dev/i2c-N`.
public final class LinuxI2CBus: I2CBusProvider {
    public init() {}

    public func device(bus: Int, address: UInt8) throws(I2CError) -> any I2CRegisterDevice {
        try LinuxI2CDevice.open(bus: bus, address: address)
    }

    /// Every read is a bus transfer: sensors sample on their own threads.
    public var readsAreImmediate: Bool { false }
}
#endif
