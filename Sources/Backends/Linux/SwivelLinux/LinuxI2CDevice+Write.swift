#if os(Linux)
import Glibc
public import SwivelHardware
import SwivelPOSIX

/// Register writes, for the chips a servo controller drives: one SMBus "I2C
/// block write" (i2c_smbus_write_i2c_block_data: the register, then the
/// bytes, one transaction), which plain I2C adapters serve through the
/// kernel's emulation and i2c-stub natively. Same request and buffer as the
/// reads, so a write allocates nothing unless it fails. One thread at a time
/// (the bus's writer).
extension LinuxI2CDevice: I2CWritableDevice {
    public func write(_ write: I2CRegisterWrite) throws(I2CError) {
        guard (1...I2CKernelInterface.blockMaximum).contains(write.bytes.count) else {
            throw I2CError(.invalidRequest, "a write of \(write.bytes.count) bytes to register \(I2CDiagnostics.hex(write.register)) on \(path): "
                + "one SMBus I2C block write carries 1 to \(I2CKernelInterface.blockMaximum) bytes")
        }
        request.pointee = I2CKernelInterface.SMBusRequest(
            readWrite: I2CKernelInterface.smbusWrite, command: write.register, size: I2CKernelInterface.smbusI2CBlockData, data: data)
        data.storeBytes(of: UInt8(write.bytes.count), as: UInt8.self)
        for (index, byte) in write.bytes.enumerated() {
            data.storeBytes(of: byte, toByteOffset: 1 + index, as: UInt8.self)
        }
        do {
            try file.transfer(request)
        } catch {
            throw Self.writeFailed(path, address: address, register: write.register, error)
        }
    }

    static func writeFailed(_ path: String, address: UInt8, register: UInt8, _ failure: Errno) -> I2CError {
        let what = "writing register \(I2CDiagnostics.hex(register)) at address \(I2CDiagnostics.hex(address)) on \(path)"
        switch failure.code {
        case EREMOTEIO, ENXIO, ENODEV:
            return I2CError(.noAnswer, "nothing answered at address \(I2CDiagnostics.hex(address)) on \(path) (\(failure.numberedDescription)): "
                + "check the board's power, SDA/SCL wiring and address")
        case EOPNOTSUPP:
            return I2CError(.unsupportedTransfer, "\(what): the adapter refused the SMBus I2C block write (\(failure.numberedDescription))")
        case ENOTTY, EINVAL:
            return I2CError(.notAnAdapter, "\(what): \(path) refused the transfer (\(failure.numberedDescription))")
        default:
            return I2CError(.transferFailed, "\(what): \(failure.numberedDescription)")
        }
    }
}
#endif
