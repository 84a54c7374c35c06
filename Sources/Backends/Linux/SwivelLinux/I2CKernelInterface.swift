#if os(Linux)
/// The parts of <linux/i2c.h> and <linux/i2c-dev.h> the I2C backend uses;
/// Glibc does not import those headers. Field order and natural alignment
/// give the kernel's layout on both 64- and 32-bit ARM (the data pointer at
/// offset 8); LinuxI2CDeviceTests compiles the headers and compares.
enum I2CKernelInterface {
    /// ioctl: set the address later transfers go to (an integer argument).
    /// EBUSY when a kernel driver is bound to a device at that address.
    static let setAddress: UInt = 0x0703
    /// ioctl: query the adapter's functionality bits (an unsigned long).
    static let functions: UInt = 0x0705
    /// ioctl: one SMBus transfer, described by a `SMBusRequest`.
    static let smbus: UInt = 0x0720

    /// The adapter can do the SMBus "I2C block read" (register write, repeated
    /// start, read of block[0] bytes): natively (i2c-stub, SMBus controllers)
    /// or emulated by the kernel over plain I2C (I2C_FUNC_SMBUS_EMUL, as on
    /// the Pi's i2c-bcm2835).
    static let functionReadI2CBlock: UInt = 0x0400_0000

    /// i2c_smbus_ioctl_data.read_write: I2C_SMBUS_READ.
    static let smbusRead: UInt8 = 1
    /// I2C_SMBUS_WRITE.
    static let smbusWrite: UInt8 = 0
    /// i2c_smbus_ioctl_data.size: I2C_SMBUS_I2C_BLOCK_DATA.
    static let smbusI2CBlockData: UInt32 = 8
    /// I2C_SMBUS_BLOCK_MAX: the most bytes one block transfer carries.
    static let blockMaximum = 32
    /// sizeof(union i2c_smbus_data): block[0] is the length, then up to 32
    /// bytes, then one spare; the kernel copies all 34 in and out.
    static let dataByteCount = blockMaximum + 2
    /// alignof(union i2c_smbus_data): its __u16 member.
    static let dataAlignment = 2

    /// struct i2c_smbus_ioctl_data. `data` points at a union i2c_smbus_data
    /// (`dataByteCount` bytes).
    struct SMBusRequest {
        var readWrite: UInt8
        var command: UInt8
        var size: UInt32
        var data: UnsafeMutableRawPointer?
    }
}
#endif
