#if os(Linux)
import Glibc
public import SwivelHardware
import SwivelPOSIX

/// One `pwmchipN` under the sysfs root.
public struct SysfsPWMChipInfo: Equatable, Sendable {
    public var number: Int
    /// The name of the device behind the chip ("1f00098000.pwm"), from its
    /// `device` link; nil when the link is missing.
    public var device: String?
    /// From `npwm`; nil when it cannot be read.
    public var channelCount: Int?

    public init(number: Int, device: String?, channelCount: Int?) {
        self.number = number
        self.device = device
        self.channelCount = channelCount
    }
}

/// Servo PWM through `/sys/class/pwm/pwmchipN`: exports a channel, sets its
/// period, duty cycle and enable, and unexports it when the channel is dropped.
///
/// The root is injectable so tests can run against a directory tree that
/// looks like sysfs. Such a tree cannot react to `export`, so a channel
/// directory that is already there is accepted, as it must be on a real
/// system when a previous run left the channel exported.
///
/// Not Sendable: set it up on one thread; a channel belongs to the thread
/// that drives the servo.
public final class SysfsPWMProvider: PWMProvider {
    public static let defaultRoot = "/sys/class/pwm"
    public let root: String
    /// How long to wait for `pwmK/` to appear after `export`, and for udev to
    /// hand its files to the gpio group.
    public let exportTimeoutNanoseconds: Int64

    struct ChannelKey: Hashable {
        var chip: Int
        var channel: Int
    }

    private var held: Set<ChannelKey> = []

    public init(root: String = SysfsPWMProvider.defaultRoot, exportTimeoutNanoseconds: Int64 = 2_000_000_000) throws(HardwareError) {
        guard !root.isEmpty else {
            throw HardwareError(.invalidConfiguration, "the sysfs PWM root must not be empty")
        }
        guard exportTimeoutNanoseconds > 0 else {
            throw HardwareError(.invalidConfiguration, "the PWM export timeout must be positive, got \(exportTimeoutNanoseconds) ns")
        }
        self.root = root
        self.exportTimeoutNanoseconds = exportTimeoutNanoseconds
    }

    public func channel(chip: Int, channel: Int) throws(HardwareError) -> any PWMChannel {
        try openChannel(chip: chip, channel: channel)
    }

    /// The channel on the chip whose device is `device`: the Pi 5's chip
    /// number changes between kernels, its device name does not.
    public func openChannel(device: String, channel: Int) throws(HardwareError) -> SysfsPWMChannel {
        try openChannel(chip: chipNumber(device: device), channel: channel)
    }

    // MARK: Finding chips

    /// Every `pwmchipN` under the root, in number order; empty if there is no root.
    public func chips() -> [SysfsPWMChipInfo] {
        guard let entries = try? FileSystem.numberedEntries(of: root, prefix: "pwmchip") else { return [] }
        return entries.map { entry in
            let directory = root + "/" + entry.name
            let device = (try? FileSystem.linkTarget(directory + "/device")).map(Self.lastComponent)
            let count = (try? FileSystem.readText(directory + "/npwm")).flatMap { Int($0.trimmingSpaces) }
            return SysfsPWMChipInfo(number: entry.number, device: device, channelCount: count)
        }
    }

    /// The number N of the `pwmchipN` whose `device` link points at `device`.
    public func chipNumber(device: String) throws(HardwareError) -> Int {
        guard !device.isEmpty, !device.contains("/") else {
            throw HardwareError(.invalidConfiguration, "a PWM device is named like 1f00098000.pwm (the target of pwmchipN/device), got '\(device)'")
        }
        let found = chips()
        if let chip = found.first(where: { $0.device == device }) { return chip.number }
        throw HardwareError(.chipNotFound, "no PWM chip belongs to device '\(device)'; \(describe(found))")
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    private func describe(_ chips: [SysfsPWMChipInfo]) -> String {
        guard FileSystem.isDirectory(root) else {
            return "\(root) does not exist, so the kernel has no PWM chips: \(SysfsPWMDiagnostics.overlayAdvice)"
        }
        guard !chips.isEmpty else {
            return "\(root) holds no pwmchip: \(SysfsPWMDiagnostics.overlayAdvice)"
        }
        let list = chips.map { chip in
            var parts: [String] = []
            if let device = chip.device { parts.append("device \(device)") }
            if let count = chip.channelCount { parts.append(count == 1 ? "1 channel" : "\(count) channels") }
            return parts.isEmpty ? "pwmchip\(chip.number)" : "pwmchip\(chip.number) (\(parts.joined(separator: ", ")))"
        }
        return "present: " + list.joined(separator: ", ")
    }

    // MARK: Opening a channel

    public func openChannel(chip: Int, channel: Int) throws(HardwareError) -> SysfsPWMChannel {
        guard chip >= 0 else {
            throw HardwareError(.invalidConfiguration, "PWM chip numbers start at 0, got \(chip)")
        }
        let name = "pwmchip\(chip) channel \(channel)"
        let chipDirectory = "\(root)/pwmchip\(chip)"
        guard FileSystem.isDirectory(chipDirectory) else {
            throw HardwareError(.chipNotFound, "no pwmchip\(chip) in \(root); \(describe(chips()))")
        }
        let channelCount = try readChannelCount(chipDirectory + "/npwm", name: name)
        guard channel >= 0, channel < channelCount else {
            let range = channelCount > 0 ? "channels 0...\(channelCount - 1)" : "no channels"
            throw HardwareError(.lineOutOfRange, "pwmchip\(chip) has \(range), not \(channel)")
        }
        let key = ChannelKey(chip: chip, channel: channel)
        guard !held.contains(key) else {
            throw HardwareError(.lineBusy, "\(name) is already in use by this program")
        }

        let channelDirectory = chipDirectory + "/pwm\(channel)"
        try export(channel, chipDirectory: chipDirectory, channelDirectory: channelDirectory, name: name)
        let deadline = MonotonicTime.nanoseconds() &+ exportTimeoutNanoseconds
        do {
            try waitForDirectory(channelDirectory, until: deadline, exportedBy: chipDirectory + "/export")
            let period = try openAttribute(channelDirectory + "/period", until: deadline, name: name)
            let dutyCycle = try openAttribute(channelDirectory + "/duty_cycle", until: deadline, name: name)
            let enable = try openAttribute(channelDirectory + "/enable", until: deadline, name: name)
            let opened = try SysfsPWMChannel(
                provider: self, chip: chip, channel: channel, directory: channelDirectory,
                period: period, dutyCycle: dutyCycle, enable: enable,
                unexportPath: chipDirectory + "/unexport")
            held.insert(key)
            return opened
        } catch {
            // Leave the channel as we found it: unexported.
            try? FileSystem.writeText("\(channel)\n", to: chipDirectory + "/unexport")
            throw error
        }
    }

    func release(chip: Int, channel: Int) {
        held.remove(ChannelKey(chip: chip, channel: channel))
    }

    private func readChannelCount(_ path: String, name: String) throws(HardwareError) -> Int {
        let text: String
        do {
            text = try FileSystem.readText(path)
        } catch {
            throw SysfsPWMDiagnostics.fileError(error, action: "read", path: path, channel: name)
        }
        guard let count = Int(text.trimmingSpaces), count >= 0 else {
            throw HardwareError(.ioFailure, "\(path) holds \(text.debugDescription), not a channel count")
        }
        return count
    }

    /// The kernel answers EBUSY both when the channel is already exported and
    /// when a kernel driver holds it; only the first leaves `pwmK/` behind.
    private func export(_ channel: Int, chipDirectory: String, channelDirectory: String, name: String) throws(HardwareError) {
        let path = chipDirectory + "/export"
        do {
            try FileSystem.writeText("\(channel)\n", to: path)
        } catch {
            if error.code == EBUSY, FileSystem.isDirectory(channelDirectory) { return }
            throw SysfsPWMDiagnostics.fileError(error, action: "write \(channel) to", path: path, channel: name)
        }
    }

    private func waitForDirectory(_ path: String, until deadline: Int64, exportedBy export: String) throws(HardwareError) {
        while !FileSystem.isDirectory(path) {
            guard MonotonicTime.nanoseconds() < deadline else {
                throw HardwareError(
                    .ioFailure,
                    "\(export) accepted the channel but \(path) did not appear within \(exportTimeoutNanoseconds / 1_000_000) ms")
            }
            Self.sleepOneMillisecond()
        }
    }

    /// Right after export the files are root's until udev hands them to the
    /// gpio group, so permission denied is retried until the deadline.
    private func openAttribute(_ path: String, until deadline: Int64, name: String) throws(HardwareError) -> SysfsAttribute {
        while true {
            do {
                return try SysfsAttribute(path: path)
            } catch {
                guard error.isPermissionDenied, MonotonicTime.nanoseconds() < deadline else {
                    throw SysfsPWMDiagnostics.fileError(error, action: "open", path: path, channel: name)
                }
                Self.sleepOneMillisecond()
            }
        }
    }

    private static func sleepOneMillisecond() {
        DeadlineSleep.until(nanoseconds: MonotonicTime.nanoseconds() + 1_000_000)
    }
}
#endif
