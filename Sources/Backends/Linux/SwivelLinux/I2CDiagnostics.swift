#if os(Linux)
import Glibc
import SwivelPOSIX
import SwivelHardware

/// Turns errno from the I2C backend into what a maker does next.
enum I2CDiagnostics {
    static let groupAdvice = "not in the i2c group: add the user to it (sudo usermod -aG i2c $USER, then log in again) or run as root"

    static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    /// The N of "/dev/i2c-N", when `path` is one.
    static func busNumber(_ path: String) -> Int? {
        let prefix = "/dev/i2c-"
        guard path.hasPrefix(prefix) else { return nil }
        return Int(path.dropFirst(prefix.count))
    }

    static func openFailed(_ path: String, _ failure: Errno) -> I2CError {
        switch failure.code {
        case ENOENT:
            var reason = "\(path) does not exist"
            if let bus = busNumber(path) {
                reason += bus == 1
                    ? ": enable I2C with dtparam=i2c_arm=on in config.txt (or raspi-config → Interface Options → I2C) and reboot"
                    : ": enable that bus in config.txt (bus 1 is dtparam=i2c_arm=on; others need a dtoverlay) and reboot"
            }
            return I2CError(.noSuchBus, reason)
        case EACCES, EPERM:
            let ownership = FileSystem.ownership(of: path).map { " (\($0))" } ?? ""
            return I2CError(.permissionDenied, "permission denied opening \(path)\(ownership): \(groupAdvice)")
        case ENXIO, ENODEV:
            return I2CError(.noSuchBus, "\(path) exists but no adapter is behind it (\(failure.numberedDescription))")
        default:
            return I2CError(.noSuchBus, "cannot open \(path): \(failure.numberedDescription)")
        }
    }

    static func notAnAdapter(_ path: String, _ failure: Errno) -> I2CError {
        I2CError(.notAnAdapter, "\(path) is not an i2c adapter (ioctl I2C_FUNCS: \(failure.numberedDescription))")
    }

    /// The adapter's functionality lacks I2C_FUNC_SMBUS_READ_I2C_BLOCK.
    static func noBlockRead(_ path: String, functions: UInt) -> I2CError {
        I2CError(.unsupportedTransfer, "\(path) cannot do SMBus I2C block reads, which the sensor is read with "
            + "(I2C_FUNC_SMBUS_READ_I2C_BLOCK is not in its functionality \(hexWord(functions)); "
            + "i2cdetect -F \(busNumber(path).map(String.init) ?? "N") lists it): use an adapter that has it "
            + "(the Pi's i2c-bcm2835 and most USB adapters, through the kernel's SMBus emulation)")
    }

    /// ioctl I2C_SLAVE failed.
    static func selectFailed(_ path: String, address: UInt8, _ failure: Errno) -> I2CError {
        switch failure.code {
        case EBUSY:
            let device = busNumber(path).map { "/sys/bus/i2c/devices/\($0)-00\(hex(address).dropFirst(2))" }
                ?? "/sys/bus/i2c/devices/N-00\(hex(address).dropFirst(2))"
            return I2CError(.addressInUse, "address \(hex(address)) on \(path) belongs to a kernel driver "
                + "(ioctl I2C_SLAVE: \(failure.numberedDescription)): \(device)/driver names it; unbind it or remove "
                + "the dtoverlay or the new_device entry that created it")
        case ENOTTY:
            return I2CError(.notAnAdapter, "\(path) is not an i2c adapter (ioctl I2C_SLAVE: \(failure.numberedDescription))")
        default:
            return I2CError(.invalidRequest, "\(path) refused address \(hex(address)) (ioctl I2C_SLAVE: \(failure.numberedDescription))")
        }
    }

    /// A read outside what one I2C block read carries, refused before the bus.
    static func unreadableLength(_ path: String, register: UInt8, count: Int) -> I2CError {
        I2CError(.invalidRequest, "a read of \(count) bytes from register \(hex(register)) on \(path): "
            + "one SMBus I2C block read carries 1 to \(I2CKernelInterface.blockMaximum) bytes")
    }

    static func transferFailed(_ path: String, address: UInt8, register: UInt8, _ failure: Errno) -> I2CError {
        let what = "reading register \(hex(register)) at address \(hex(address)) on \(path)"
        switch failure.code {
        case EREMOTEIO, ENXIO, ENODEV:
            // EREMOTEIO/ENXIO: the address was not acknowledged; ENODEV: an SMBus adapter
            // (i2c-stub) has no device at that address.
            return I2CError(.noAnswer, "nothing answered at address \(hex(address)) on \(path) (\(failure.numberedDescription)): "
                + "check the sensor's power, SDA/SCL wiring and address "
                + "(i2cdetect -y \(busNumber(path).map(String.init) ?? "N") lists what answers)")
        case EIO:
            return I2CError(.transferFailed, "\(what): bus error (\(failure.numberedDescription)); "
                + "check the SDA/SCL wiring, the pull-ups and the cable length")
        case ETIMEDOUT:
            return I2CError(.transferFailed, "\(what): the bus timed out (\(failure.numberedDescription)); "
                + "a stuck SDA or SCL line or a missing pull-up")
        case EAGAIN:
            return I2CError(.transferFailed, "\(what): lost arbitration to another bus master (\(failure.numberedDescription))")
        case EOPNOTSUPP:
            return I2CError(.unsupportedTransfer, "\(what): the adapter refused the SMBus I2C block read (\(failure.numberedDescription))")
        case ENOTTY, EINVAL:
            return I2CError(.notAnAdapter, "\(what): \(path) refused the transfer (\(failure.numberedDescription))")
        default:
            return I2CError(.transferFailed, "\(what): \(failure.numberedDescription)")
        }
    }

    /// The transfer succeeded but brought back fewer bytes than asked.
    static func shortRead(_ path: String, address: UInt8, register: UInt8, returned: Int, wanted: Int) -> I2CError {
        I2CError(.transferFailed, "reading register \(hex(register)) at address \(hex(address)) on \(path): "
            + "the adapter returned \(returned) of \(wanted) bytes")
    }

    /// "0x04000000": the width of the functionality bits in i2c.h.
    static func hexWord(_ value: UInt) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
#endif
