#if os(Linux)
/// The parts of <linux/i2c.h> and <linux/i2c-dev.h> the I2C backend uses;
/// Glibc does not import those headers. Field order and natural alignment
/// give the kernel's layout on both 64- and 32-bit ARM (buffer at offset 8).
enum I2CKernelInterface {
    /// ioctl: query the adapter's functionality bits (an unsigned long).
    static let functions: UInt = 0x0705
    /// ioctl: combined transfer of several messages, repeated start between them.
    static let readWrite: UInt = 0x0707
    /// The adapter can do plain I2C messages (I2C_RDWR), not only SMBus.
    static let functionPlainI2C: UInt = 0x0000_0001
    /// i2c_msg.flags: this message reads.
    static let messageRead: UInt16 = 0x0001

    /// struct i2c_msg
    struct Message {
        var address: UInt16
        var flags: UInt16
        var length: UInt16
        var buffer: UnsafeMutablePointer<UInt8>?
    }

    /// struct i2c_rdwr_ioctl_data
    struct ReadWriteData {
        var messages: UnsafeMutablePointer<Message>?
        var count: UInt32
    }
}
#endif
