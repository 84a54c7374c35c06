#if os(Linux)
import Glibc
import SwivelPOSIX
import SwivelHardware

/// Turns a failed sysfs PWM file operation into a reason naming the file.
enum SysfsPWMDiagnostics {
    static let accessAdvice =
        "give the gpio group write access to /sys/class/pwm with a udev rule (Raspberry Pi OS ships one in /etc/udev/rules.d/99-com.rules) and add the user to that group (sudo usermod -aG gpio $USER, then log in again), or run as root"

    static let overlayAdvice = "on a Raspberry Pi enable the PWM pins in config.txt, e.g. dtoverlay=pwm-2chan"

    /// `action` reads "open", "write 0 to", "read"; `channel` "pwmchip0 channel 1".
    static func fileError(_ error: Errno, action: String, path: String, channel: String) -> HardwareError {
        switch error.code {
        case EACCES, EPERM:
            let ownership = FileSystem.ownership(of: path).map { " (\($0))" } ?? ""
            return HardwareError(.permissionDenied, "cannot \(action) \(path): permission denied\(ownership); \(accessAdvice)")
        case EBUSY:
            return HardwareError(
                .lineBusy,
                "cannot \(action) \(path): \(channel) is busy (held by a kernel driver such as pwm-fan or a backlight)")
        case EINVAL:
            return HardwareError(.invalidConfiguration, "cannot \(action) \(path): the kernel refused it (\(error.numberedDescription))")
        default:
            return HardwareError(.ioFailure, "cannot \(action) \(path): \(error.numberedDescription)")
        }
    }

    static func readError(_ error: SysfsAttribute.ReadError, path: String, channel: String) -> HardwareError {
        switch error {
        case .system(let code):
            return fileError(code, action: "read", path: path, channel: channel)
        case .notANumber(let text):
            return HardwareError(.ioFailure, "\(path) holds \(text.debugDescription), not a number")
        }
    }
}
#endif
