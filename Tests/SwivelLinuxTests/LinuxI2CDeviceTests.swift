#if os(Linux)
import Glibc
import SwivelHardware
@testable import SwivelLinux
import Testing

/// The i2c-dev wrapper against what this machine has: no I2C bus, so every
/// path here is an error path, and each must name what is wrong.
@Suite struct LinuxI2CDeviceTests {
    static func openError(_ path: String, address: UInt8 = 0x36) -> I2CError? {
        do {
            _ = try LinuxI2CDevice(path: path, address: address)
            return nil
        } catch {
            return error
        }
    }

    @Test func aMissingBusSaysHowToEnableIt() throws {
        let tree = try TemporaryTree("swivel-i2c")
        let error = try #require(Self.openError(tree.url("i2c-9")))
        #expect(error.kind == .noSuchBus)
        #expect(error.reason == "\(tree.url("i2c-9")) does not exist")
    }

    @Test(.enabled(if: access("/dev/i2c-1", F_OK) != 0, "this machine has /dev/i2c-1"))
    func busOneMissingPointsAtConfigTxt() throws {
        do {
            _ = try LinuxI2CDevice.open(bus: 1, address: 0x36)
            Issue.record("opened /dev/i2c-1, which does not exist")
        } catch {
            #expect(error.kind == .noSuchBus)
            #expect(error.reason.hasPrefix("/dev/i2c-1 does not exist: enable I2C with dtparam=i2c_arm=on in config.txt"))
        }
    }

    @Test func aRegularFileIsNotAnAdapter() throws {
        let tree = try TemporaryTree("swivel-i2c")
        try tree.write("i2c-1", "not a bus")
        let error = try #require(Self.openError(tree.url("i2c-1")))
        #expect(error.kind == .notAnAdapter)
        #expect(error.reason == "\(tree.url("i2c-1")) is not an i2c adapter (ioctl I2C_FUNCS: \(SystemCallError(ENOTTY).description))")
    }

    @Test func aTerminalIsNotAnAdapter() throws {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        try #require(openpty(&primary, &secondary, nil, nil, nil) == 0)
        defer {
            close(primary)
            close(secondary)
        }
        let name = try #require(ttyname(secondary).map { String(cString: $0) })
        let error = try #require(Self.openError(name))
        #expect(error.kind == .notAnAdapter)
        #expect(error.reason.hasPrefix("\(name) is not an i2c adapter (ioctl I2C_FUNCS: "))
    }

    @Test func permissionDeniedNamesTheI2CGroup() throws {
        let tree = try TemporaryTree("swivel-i2c")
        try tree.write("i2c-1", "", mode: 0o600)
        try #require(UnprivilegedFileAccess.isWriteDenied(tree.url("i2c-1")))
        let error = try #require(UnprivilegedFileAccess.run { Self.openError(tree.url("i2c-1")) })
        #expect(error.kind == .permissionDenied)
        #expect(error.reason.hasPrefix("permission denied opening \(tree.url("i2c-1")) (owner "))
        #expect(error.reason.hasSuffix(I2CDiagnostics.groupAdvice))
    }

    @Test func addressesOutsideSevenBitsAreRefusedBeforeOpening() {
        for address: UInt8 in [0x00, 0x07, 0x78, 0xFF] {
            #expect(Self.openError("/nonexistent/i2c-1", address: address)?.kind == .invalidRequest)
        }
    }

    @Test func transferErrnosBecomeWhatToCheck() {
        let path = "/dev/i2c-1"
        for code in [EREMOTEIO, ENXIO] {
            let error = I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, SystemCallError(code))
            #expect(error.kind == .noAnswer)
            #expect(error.reason.hasPrefix("nothing answered at address 0x36 on /dev/i2c-1"))
            #expect(error.reason.contains("i2cdetect -y 1"))
        }
        #expect(I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, SystemCallError(ETIMEDOUT)).kind == .transferFailed)
        #expect(I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, SystemCallError(ENOTTY)).kind == .notAnAdapter)
        #expect(I2CDiagnostics.transferFailed(path, address: 0x36, register: 0x0B, nil).kind == .transferFailed)
        #expect(I2CDiagnostics.hex(0x08) == "0x08")
    }

    @Test func kernelStructsHaveTheKernelLayout() {
        // struct i2c_msg: __u16 addr, flags, len; __u8 *buf (after padding to pointer alignment).
        #expect(MemoryLayout<I2CKernelInterface.Message>.offset(of: \.length) == 4)
        #expect(MemoryLayout<I2CKernelInterface.Message>.offset(of: \.buffer) == 8)
        #expect(MemoryLayout<I2CKernelInterface.Message>.stride == 8 + MemoryLayout<UnsafeRawPointer>.size)
        #expect(MemoryLayout<I2CKernelInterface.ReadWriteData>.offset(of: \.count) == MemoryLayout<UnsafeRawPointer>.size)
    }
}
#endif
