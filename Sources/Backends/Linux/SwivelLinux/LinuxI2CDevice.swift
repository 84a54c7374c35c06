#if os(Linux)
public import SwivelHardware

/// One device on a Linux I2C bus (`/dev/i2c-N`, the i2c-dev driver). A
/// register read is one SMBus "I2C block read", the transfer the kernel's own
/// drivers make with i2c_smbus_read_i2c_block_data(): ioctl I2C_SMBUS with
/// the register as the command and the length in block[0]. On the wire it is
/// a write of the register address and a read, joined by a repeated start so
/// no other bus user can move the device's address pointer between them.
///
/// One transfer type for every adapter: plain I2C adapters (the Pi's
/// i2c-bcm2835, most USB bridges) serve it through the kernel's SMBus
/// emulation, SMBus-only ones (i2c-stub, PC SMBus controllers) natively. The
/// address is set once at open (I2C_SLAVE); the request and its data are
/// preallocated there too, so a read allocates nothing unless it fails.
///
/// Not Sendable: one thread at a time (the sensor's reader thread).
public final class LinuxI2CDevice: I2CRegisterDevice {
    public let path: String
    public let address: UInt8
    let file: any I2CAdapterFile
    let request: UnsafeMutablePointer<I2CKernelInterface.SMBusRequest>
    /// union i2c_smbus_data: block[0] the length, then the bytes.
    let data: UnsafeMutableRawPointer

    /// Opens `/dev/i2c-<bus>` for the device at the 7-bit `address`.
    public static func open(bus: Int, address: UInt8) throws(I2CError) -> LinuxI2CDevice {
        guard bus >= 0 else { throw I2CError(.invalidRequest, "i2c bus number must be 0 or more, got \(bus)") }
        return try LinuxI2CDevice(path: "/dev/i2c-\(bus)", address: address)
    }

    /// Opens `path` as an I2C adapter: checks it is one, that it can do I2C
    /// block reads, and that no kernel driver owns `address`.
    public convenience init(path: String, address: UInt8) throws(I2CError) {
        try Self.checkAddress(address)
        let file: I2CDevFile
        do {
            file = try I2CDevFile(path: path)
        } catch {
            throw I2CDiagnostics.openFailed(path, error)
        }
        try self.init(file: file, path: path, address: address)
    }

    /// `file` is the adapter, already open: the kernel's, or a test's fake.
    init(file: any I2CAdapterFile, path: String, address: UInt8) throws(I2CError) {
        try Self.checkAddress(address)
        let functions: UInt
        do {
            functions = try file.functionality()
        } catch {
            throw I2CDiagnostics.notAnAdapter(path, error)
        }
        guard functions & I2CKernelInterface.functionReadI2CBlock != 0 else {
            throw I2CDiagnostics.noBlockRead(path, functions: functions)
        }
        do {
            try file.selectAddress(address)
        } catch {
            throw I2CDiagnostics.selectFailed(path, address: address, error)
        }
        self.path = path
        self.address = address
        self.file = file
        data = .allocate(byteCount: I2CKernelInterface.dataByteCount, alignment: I2CKernelInterface.dataAlignment)
        data.initializeMemory(as: UInt8.self, repeating: 0, count: I2CKernelInterface.dataByteCount)
        request = .allocate(capacity: 1)
        request.initialize(to: I2CKernelInterface.SMBusRequest(
            readWrite: I2CKernelInterface.smbusRead, command: 0, size: I2CKernelInterface.smbusI2CBlockData, data: data))
    }

    deinit {
        request.deallocate()
        data.deallocate()
    }

    private static func checkAddress(_ address: UInt8) throws(I2CError) {
        guard (0x08...0x77).contains(address) else {
            throw I2CError(.invalidRequest, "i2c address \(I2CDiagnostics.hex(address)) is outside the 7-bit device range 0x08-0x77")
        }
    }

    /// Reads `buffer.count` (1...32) bytes starting at `register`.
    public func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        guard let base = buffer.baseAddress, (1...I2CKernelInterface.blockMaximum).contains(buffer.count) else {
            throw I2CDiagnostics.unreadableLength(path, register: register, count: buffer.count)
        }
        let wanted = UInt8(truncatingIfNeeded: buffer.count)
        // Every field again: nothing the kernel or a failed read left may shape this one.
        request.pointee = I2CKernelInterface.SMBusRequest(
            readWrite: I2CKernelInterface.smbusRead, command: register, size: I2CKernelInterface.smbusI2CBlockData, data: data)
        data.storeBytes(of: wanted, as: UInt8.self)
        do {
            try file.transfer(request)
        } catch {
            throw I2CDiagnostics.transferFailed(path, address: address, register: register, error)
        }
        // A native SMBus adapter may return fewer bytes than asked (i2c-stub at the top of its map).
        let returned = data.load(as: UInt8.self)
        guard returned == wanted else {
            throw I2CDiagnostics.shortRead(path, address: address, register: register, returned: Int(returned), wanted: buffer.count)
        }
        base.copyMemory(from: data + 1, byteCount: buffer.count)
    }
}
#endif
