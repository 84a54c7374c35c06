#if os(Linux)
import Glibc
public import SwivelHardware

/// One device on a Linux I2C bus (`/dev/i2c-N`, the i2c-dev driver). A
/// register read is one I2C_RDWR ioctl: a write of the register address and
/// a read, joined by a repeated start so no other bus user can move the
/// device's address pointer between them. The request is preallocated at
/// open, so a read allocates nothing unless it fails.
///
/// Not Sendable: one thread at a time (the sensor's reader thread).
public final class LinuxI2CDevice: I2CRegisterDevice {
    public let path: String
    public let address: UInt8
    private let descriptor: Int32
    private let registerByte: UnsafeMutablePointer<UInt8>
    private let messages: UnsafeMutablePointer<I2CKernelInterface.Message>
    private let request: UnsafeMutablePointer<I2CKernelInterface.ReadWriteData>

    /// Opens `/dev/i2c-<bus>` for the device at the 7-bit `address`.
    public static func open(bus: Int, address: UInt8) throws(I2CError) -> LinuxI2CDevice {
        guard bus >= 0 else { throw I2CError(.invalidRequest, "i2c bus number must be 0 or more, got \(bus)") }
        return try LinuxI2CDevice(path: "/dev/i2c-\(bus)", address: address)
    }

    /// Opens `path` as an I2C adapter: checks it is one and that it can do
    /// plain I2C transfers, before any device is addressed.
    public init(path: String, address: UInt8) throws(I2CError) {
        guard (0x08...0x77).contains(address) else {
            throw I2CError(.invalidRequest, "i2c address \(I2CDiagnostics.hex(address)) is outside the 7-bit device range 0x08-0x77")
        }
        let descriptor = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw I2CDiagnostics.openFailed(path, SystemCallError.current) }
        var functions: UInt = 0
        guard ioctl(descriptor, I2CKernelInterface.functions, &functions) == 0 else {
            let failure = SystemCallError.current
            close(descriptor)
            throw I2CDiagnostics.notAnAdapter(path, failure)
        }
        guard functions & I2CKernelInterface.functionPlainI2C != 0 else {
            close(descriptor)
            throw I2CError(.notAnAdapter, "\(path) is an SMBus-only adapter; the sensor needs plain I2C transfers (I2C_RDWR)")
        }
        self.path = path
        self.address = address
        self.descriptor = descriptor
        registerByte = .allocate(capacity: 1)
        registerByte.initialize(to: 0)
        messages = .allocate(capacity: 2)
        messages.initialize(repeating: I2CKernelInterface.Message(address: UInt16(address), flags: 0, length: 0, buffer: nil),
                            count: 2)
        request = .allocate(capacity: 1)
        request.initialize(to: I2CKernelInterface.ReadWriteData(messages: messages, count: 2))
    }

    deinit {
        close(descriptor)
        registerByte.deallocate()
        messages.deallocate()
        request.deallocate()
    }

    public func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard let base = buffer.baseAddress, buffer.count > 0, buffer.count <= Int(UInt16.max) else {
            throw I2CError(.invalidRequest, "a read of \(buffer.count) bytes from register \(I2CDiagnostics.hex(register)) on \(path)")
        }
        registerByte.pointee = register
        messages[0] = I2CKernelInterface.Message(address: UInt16(address), flags: 0, length: 1, buffer: registerByte)
        messages[1] = I2CKernelInterface.Message(
            address: UInt16(address), flags: I2CKernelInterface.messageRead, length: UInt16(buffer.count),
            buffer: base.assumingMemoryBound(to: UInt8.self))
        let transferred = ioctl(descriptor, I2CKernelInterface.readWrite, request)
        guard transferred == 2 else {
            throw I2CDiagnostics.transferFailed(path, address: address, register: register,
                                                transferred < 0 ? SystemCallError.current : nil)
        }
    }
}
#endif
