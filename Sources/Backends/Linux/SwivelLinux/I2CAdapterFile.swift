#if os(Linux)
import Glibc
import SwivelPOSIX

/// The three ioctls `LinuxI2CDevice` makes on an open `/dev/i2c-N`, behind
/// one protocol: the kernel's (`I2CDevFile`), or in the tests a fake kernel
/// that decodes each request's bytes the way drivers/i2c/i2c-dev.c does, so
/// the request layout and every answer a kernel can give are checked
/// without a bus.
protocol I2CAdapterFile: AnyObject {
    /// ioctl I2C_FUNCS: the adapter's functionality bits.
    func functionality() throws(Errno) -> UInt
    /// ioctl I2C_SLAVE: the 7-bit address later transfers go to.
    func selectAddress(_ address: UInt8) throws(Errno)
    /// ioctl I2C_SMBUS. On a sensor's reader thread: allocates nothing.
    func transfer(_ request: UnsafeMutablePointer<I2CKernelInterface.SMBusRequest>) throws(Errno)
}

/// An open i2c-dev character device; closed when dropped.
final class I2CDevFile: I2CAdapterFile {
    private let descriptor: Int32

    init(path: String) throws(Errno) {
        descriptor = try FileDescriptor.open(path, .readWrite).rawValue
    }

    deinit { try? FileDescriptor(rawValue: descriptor).close() }

    func functionality() throws(Errno) -> UInt {
        var functions: UInt = 0
        guard ioctl(descriptor, I2CKernelInterface.functions, &functions) == 0 else { throw .current }
        return functions
    }

    func selectAddress(_ address: UInt8) throws(Errno) {
        // The kernel takes the address as the ioctl's integer argument, as i2c-tools passes it.
        guard ioctl(descriptor, I2CKernelInterface.setAddress, CInt(address)) == 0 else { throw .current }
    }

    func transfer(_ request: UnsafeMutablePointer<I2CKernelInterface.SMBusRequest>) throws(Errno) {
        guard ioctl(descriptor, I2CKernelInterface.smbus, request) == 0 else { throw .current }
    }
}
#endif
