#if os(Linux)
import Glibc
import SwivelPOSIX
import SwivelHardware

/// Turns what libgpiod and the kernel report into reasons a maker can act on.
enum GPIODiagnostics {
    static let groupAdvice = "add the user to the gpio group (sudo usermod -aG gpio $USER, then log in again) or run as root"

    static func chipNotFound(label: String, directory: String, entries: [GPIOChipEntry]) -> HardwareError {
        guard !entries.isEmpty else {
            return HardwareError(
                .chipNotFound,
                "no GPIO chip labelled '\(label)': this machine has no GPIO chips (nothing matches \(directory)/gpiochip*)")
        }
        let chips = entries.map(describe).joined(separator: ", ")
        return HardwareError(.chipNotFound, "no GPIO chip labelled '\(label)'; the chips here are \(chips)")
    }

    static func describe(_ entry: GPIOChipEntry) -> String {
        switch entry.state {
        case .opened(let label, let lineCount):
            return "\(entry.name) '\(label)' (\(lineCount) lines)"
        case .unopenable(let error):
            return "\(entry.name) (cannot open: \(error.numberedDescription))"
        }
    }

    /// `denied` is the device that refused us, when the scan found it.
    static func chipPermissionDenied(label: String, directory: String, denied: GPIOChipEntry?) -> HardwareError {
        guard let denied else {
            return HardwareError(
                .permissionDenied,
                "permission denied opening \(directory)/gpiochip* while looking for GPIO chip '\(label)': \(groupAdvice)")
        }
        let ownership = FileSystem.ownership(of: denied.path).map { " (\($0))" } ?? ""
        return HardwareError(
            .permissionDenied,
            "permission denied opening \(denied.path)\(ownership) while looking for GPIO chip '\(label)': \(groupAdvice)")
    }

    /// Why a line request failed. `holder` is who the kernel says holds a busy
    /// line (an empty consumer when it names none).
    static func requestFailed(
        _ error: Errno, consumer: String, lines: [Int], chip: String, lineCount: Int,
        holder: (line: Int, consumer: String)?
    ) -> HardwareError {
        let what = lines.count == 1 ? "line \(lines[0])" : "lines \(lines)"
        switch error.code {
        case ERANGE:
            return HardwareError(.lineOutOfRange, "\(consumer) asked for \(what) but \(chip) has lines 0...\(lineCount - 1)")
        case EBUSY:
            guard let holder else {
                return HardwareError(.lineBusy, "\(consumer) asked for \(what) of \(chip), which is busy")
            }
            let by = holder.consumer.isEmpty
                ? "in use, and the kernel names no consumer (a kernel driver or another process holds it)"
                : "already held by '\(holder.consumer)'"
            return HardwareError(.lineBusy, "\(consumer) asked for line \(holder.line) of \(chip), \(by)")
        case EACCES, EPERM:
            return HardwareError(.permissionDenied, "\(consumer) may not request \(what) of \(chip): \(groupAdvice)")
        case EINVAL:
            return HardwareError(
                .invalidConfiguration,
                "\(chip) refused \(consumer)'s request for \(what) (\(error.numberedDescription)): the chip may not support the requested bias or edge detection")
        default:
            return HardwareError(.ioFailure, "\(consumer) could not request \(what) of \(chip): \(error.numberedDescription)")
        }
    }
}
#endif
