#if os(Linux)
import Glibc
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

    static func openFailed(_ path: String, _ failure: SystemCallError) -> I2CError {
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
            return I2CError(.noSuchBus, "\(path) exists but no adapter is behind it (\(failure.description))")
        default:
            return I2CError(.noSuchBus, "cannot open \(path): \(failure.description)")
        }
    }

    static func notAnAdapter(_ path: String, _ failure: SystemCallError) -> I2CError {
        I2CError(.notAnAdapter, "\(path) is not an i2c adapter (ioctl I2C_FUNCS: \(failure.description))")
    }

    static func transferFailed(_ path: String, address: UInt8, register: UInt8, _ failure: SystemCallError?) -> I2CError {
        let what = "reading register \(hex(register)) at address \(hex(address)) on \(path)"
        guard let failure else {
            return I2CError(.transferFailed, "\(what): the adapter did not complete both messages")
        }
        switch failure.code {
        case EREMOTEIO, ENXIO:
            return I2CError(.noAnswer, "nothing answered at address \(hex(address)) on \(path): check the sensor's "
                + "power, SDA/SCL wiring and address (i2cdetect -y \(busNumber(path).map(String.init) ?? "N") lists what answers)")
        case ETIMEDOUT, EAGAIN:
            return I2CError(.transferFailed, "\(what): the bus timed out (\(failure.description)); a stuck SDA line or a missing pull-up")
        case ENOTTY, EINVAL:
            return I2CError(.notAnAdapter, "\(what): \(path) refused the transfer (\(failure.description))")
        default:
            return I2CError(.transferFailed, "\(what): \(failure.description)")
        }
    }
}
#endif
