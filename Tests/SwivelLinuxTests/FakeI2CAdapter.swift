#if os(Linux)
import Glibc
import SwivelPOSIX
@testable import SwivelLinux

/// The kernel's side of an open `/dev/i2c-N`, for the tests: i2c-dev's three
/// ioctls in front of an adapter with one register map per device, answering
/// as drivers/i2c/i2c-dev.c and i2c-stub.c do. Each I2C_SMBUS request is
/// decoded from its raw bytes at the offsets of <linux/i2c-dev.h> (not
/// through the Swift mirror), and the 34-byte union is copied in and out
/// whole, as i2cdev_ioctl_smbus() does.
///
/// Its copy of the union is allocated once and the last request is kept in
/// fixed fields, so a successful read through it allocates nothing either.
final class FakeI2CAdapter: I2CAdapterFile {
    /// i2c-stub's default functionality: SMBus only, no I2C_FUNC_I2C.
    static let stubFunctions: UInt = 0x0001_0000 | 0x0006_0000 | 0x0018_0000 | 0x0060_0000 | 0x0C00_0000
    /// i2c-bcm2835's: I2C_FUNC_I2C | I2C_FUNC_SMBUS_EMUL.
    static let bcm2835Functions: UInt = 0x0000_0001 | 0x0EFF_0008

    /// What the kernel saw of one I2C_SMBUS request.
    struct Request: Equatable {
        var readWrite: UInt8
        var command: UInt8
        var size: UInt32
        var length: UInt8
    }

    var functions: UInt
    /// errno of I2C_FUNCS, when it should fail.
    var functionsFailure: Int32?
    /// Addresses a kernel driver is bound to: I2C_SLAVE says EBUSY.
    var driverBoundAddresses: Set<UInt8> = []
    /// Addresses with a device behind them (i2c-stub's chip_addr).
    var deviceAddresses: Set<UInt8>
    /// The device's registers; byte reads use these as i2c-stub's words' low bytes.
    var registers = [UInt8](repeating: 0, count: 256)
    /// errno of the next `failureCount` transfers (a bus error).
    var failure: Int32 = EIO
    var failureCount = 0

    private(set) var selectedAddress: UInt8?
    private(set) var selections = 0
    private(set) var transfers = 0
    private(set) var lastRequest: Request?
    /// The kernel's `union i2c_smbus_data temp`.
    private let temp = UnsafeMutableRawBufferPointer.allocate(byteCount: 34, alignment: 2)

    init(functions: UInt = FakeI2CAdapter.stubFunctions, deviceAddresses: Set<UInt8> = [0x36]) {
        self.functions = functions
        self.deviceAddresses = deviceAddresses
    }

    deinit { temp.deallocate() }

    func functionality() throws(Errno) -> UInt {
        if let functionsFailure { throw Errno(functionsFailure) }
        return functions
    }

    func selectAddress(_ address: UInt8) throws(Errno) {
        selections += 1
        guard address <= 0x7F else { throw Errno(EINVAL) }
        guard !driverBoundAddresses.contains(address) else { throw Errno(EBUSY) }
        selectedAddress = address
    }

    func transfer(_ request: UnsafeMutablePointer<I2CKernelInterface.SMBusRequest>) throws(Errno) {
        transfers += 1
        // struct i2c_smbus_ioctl_data { __u8 read_write; __u8 command; __u32 size; union i2c_smbus_data *data; }
        let raw = UnsafeRawPointer(request)
        let readWrite = raw.load(fromByteOffset: 0, as: UInt8.self)
        let command = raw.load(fromByteOffset: 1, as: UInt8.self)
        let size = raw.load(fromByteOffset: 4, as: UInt32.self)
        let user = raw.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        // i2cdev_ioctl_smbus(): a size and a direction it knows, and a data pointer.
        guard (0...8).contains(size), readWrite <= 1, let user else { throw Errno(EINVAL) }
        // This adapter (like i2c-stub) serves I2C block reads and nothing the tests need besides.
        guard size == 8, readWrite == 1 else { throw Errno(EOPNOTSUPP) }
        // copy_from_user(&temp, data, sizeof(data->block)): block[0] is the length asked.
        temp.copyMemory(from: UnsafeRawBufferPointer(start: user, count: 34))
        lastRequest = Request(readWrite: readWrite, command: command, size: size, length: temp[0])
        // __i2c_smbus_xfer() rejects a length outside 1...I2C_SMBUS_BLOCK_MAX.
        guard (1...32).contains(temp[0]) else { throw Errno(EINVAL) }
        if failureCount > 0 {
            failureCount -= 1
            throw Errno(failure)
        }
        // i2c-stub: no chip at the client's address is ENODEV.
        guard let selectedAddress, deviceAddresses.contains(selectedAddress) else { throw Errno(ENODEV) }
        // i2c-stub: a block past the last register is cut short, and block[0] says so.
        let length = min(Int(temp[0]), 256 - Int(command))
        temp[0] = UInt8(length)
        for index in 0..<length { temp[1 + index] = registers[Int(command) + index] }
        // copy_to_user(data, &temp, sizeof(data->block)): all 34 bytes.
        user.copyMemory(from: UnsafeRawPointer(temp.baseAddress!), byteCount: 34)
    }
}
#endif
