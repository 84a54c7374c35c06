#if os(Linux)
import SwivelPOSIX
public import SwivelHardware

/// One exported sysfs PWM channel: `pwmchipN/pwmK/{period,duty_cycle,enable}`,
/// each kept open. Holds its provider, so dropping the channel is what frees it.
///
/// The cached values are what the kernel last accepted (read back at open),
/// so only changes are written: one `pwrite(2)` per new duty cycle, nothing
/// when the servo holds still.
public final class SysfsPWMChannel: PWMChannel {
    public let chip: Int
    public let channel: Int
    /// `…/pwmchipN/pwmK`.
    public let directory: String
    public private(set) var periodNanoseconds: Int64
    public private(set) var dutyCycleNanoseconds: Int64
    public private(set) var isEnabled: Bool
    /// Writes refused before reaching the kernel, as sysfs would refuse them
    /// (duty cycle outside 0...period, enabling with no period). They change nothing.
    public private(set) var rejectedWrites: UInt64 = 0
    /// Writes the kernel refused; the tick cannot throw, so they are counted.
    public private(set) var failedWrites: UInt64 = 0
    /// The errno of the latest failed write, 0 if none failed.
    public private(set) var lastFailureErrno: Int32 = 0

    private let provider: SysfsPWMProvider
    private let period: SysfsAttribute
    private let dutyCycle: SysfsAttribute
    private let enable: SysfsAttribute
    private let unexportPath: String

    init(
        provider: SysfsPWMProvider, chip: Int, channel: Int, directory: String,
        period: SysfsAttribute, dutyCycle: SysfsAttribute, enable: SysfsAttribute, unexportPath: String
    ) throws(HardwareError) {
        let name = "pwmchip\(chip) channel \(channel)"
        func read(_ attribute: SysfsAttribute) throws(HardwareError) -> Int64 {
            do {
                return try attribute.readInteger()
            } catch {
                throw SysfsPWMDiagnostics.readError(error, path: attribute.path, channel: name)
            }
        }
        periodNanoseconds = try read(period)
        dutyCycleNanoseconds = try read(dutyCycle)
        isEnabled = try read(enable) != 0
        self.provider = provider
        self.chip = chip
        self.channel = channel
        self.directory = directory
        self.period = period
        self.dutyCycle = dutyCycle
        self.enable = enable
        self.unexportPath = unexportPath
    }

    private var name: String { "pwmchip\(chip) channel \(channel)" }

    /// Sets the period, lowering a duty cycle that would not fit first (see
    /// `PWMPeriodChange`). Not for a tick: it may write twice and throws.
    public func configure(periodNanoseconds newPeriod: Int64) throws(HardwareError) {
        guard newPeriod > 0 else {
            throw HardwareError(.invalidConfiguration, "\(name): period must be positive, got \(newPeriod) ns")
        }
        let writes = PWMPeriodChange.writes(
            currentPeriod: periodNanoseconds, currentDutyCycle: dutyCycleNanoseconds, newPeriod: newPeriod)
        for change in writes {
            switch change {
            case .dutyCycleNanoseconds(let value):
                try write(value, to: dutyCycle)
                dutyCycleNanoseconds = value
            case .periodNanoseconds(let value):
                try write(value, to: period)
                periodNanoseconds = value
            }
        }
    }

    private func write(_ value: Int64, to attribute: SysfsAttribute) throws(HardwareError) {
        let code = attribute.write(value)
        guard code == 0 else {
            throw SysfsPWMDiagnostics.fileError(Errno(code), action: "write \(value) to", path: attribute.path, channel: name)
        }
    }

    /// Real-time path: no allocation; writes only a changed value. `instant`
    /// is ignored: the pulse width changes at the next period boundary.
    public func setDutyCycle(nanoseconds: Int64, at instant: MonotonicInstant) {
        guard nanoseconds != dutyCycleNanoseconds else { return }
        guard nanoseconds >= 0, nanoseconds <= periodNanoseconds else {
            rejectedWrites &+= 1
            return
        }
        let code = dutyCycle.write(nanoseconds)
        guard code == 0 else {
            failedWrites &+= 1
            lastFailureErrno = code
            return
        }
        dutyCycleNanoseconds = nanoseconds
    }

    /// Real-time path, like `setDutyCycle`.
    public func setEnabled(_ enabled: Bool, at instant: MonotonicInstant) {
        guard enabled != isEnabled else { return }
        guard !enabled || periodNanoseconds > 0 else {
            rejectedWrites &+= 1
            return
        }
        let code = enable.write(enabled ? 1 : 0)
        guard code == 0 else {
            failedWrites &+= 1
            lastFailureErrno = code
            return
        }
        isEnabled = enabled
    }

    deinit {
        // Without its program a servo should not keep holding a stale pulse:
        // stop the pulse train, then give the channel back to the kernel.
        if isEnabled { _ = enable.write(0) }
        period.close()
        dutyCycle.close()
        enable.close()
        try? FileSystem.writeText("\(channel)\n", to: unexportPath)
        provider.release(chip: chip, channel: channel)
    }
}
#endif
