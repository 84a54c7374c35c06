#if os(Linux)
import SwivelHardware
@testable import SwivelLinux
import Testing

@Suite struct SysfsPWMProviderTests {
    let fake: FakePWMTree
    let provider: SysfsPWMProvider

    init() throws {
        fake = try FakePWMTree()
        try fake.addChip(0, channels: 2, device: "1f00098000.pwm")
        // A short export timeout: the fake never creates pwmK/ by itself.
        provider = try SysfsPWMProvider(root: fake.root, exportTimeoutNanoseconds: 50_000_000)
    }

    @Test func opensAnExportedChannelAndReadsItsState() throws {
        try fake.addExportedChannel(chip: 0, channel: 1, period: 20_000_000, dutyCycle: 1_500_000, enabled: true)
        let channel = try provider.openChannel(chip: 0, channel: 1)
        #expect(fake.chipAttribute("export") == "1")
        #expect(channel.directory == fake.root + "/pwmchip0/pwm1")
        #expect(channel.periodNanoseconds == 20_000_000)
        #expect(channel.dutyCycleNanoseconds == 1_500_000)
        #expect(channel.isEnabled)
    }

    @Test func servoSequenceWritesPeriodThenDutyThenEnable() throws {
        try fake.addExportedChannel(chip: 0, channel: 0)
        let channel = try provider.openChannel(chip: 0, channel: 0)

        try channel.configure(periodNanoseconds: 20_000_000)
        #expect(fake.channelAttribute("period") == "20000000")
        #expect(fake.channelAttribute("duty_cycle") == "0")
        #expect(fake.channelAttribute("enable") == "0")

        channel.setDutyCycle(nanoseconds: 1_500_000, at: .zero)
        #expect(fake.channelAttribute("duty_cycle") == "1500000")

        channel.setEnabled(true, at: .zero)
        #expect(fake.channelAttribute("enable") == "1")

        channel.setDutyCycle(nanoseconds: 900_000, at: .zero)
        #expect(fake.channelAttribute("duty_cycle") == "900000")
        #expect(channel.dutyCycleNanoseconds == 900_000)
        #expect(channel.rejectedWrites == 0)
        #expect(channel.failedWrites == 0)
    }

    @Test func writesTheDutyCycleOnlyWhenItChanges() throws {
        try fake.addExportedChannel(chip: 0, channel: 0, period: 20_000_000)
        let channel = try provider.openChannel(chip: 0, channel: 0)
        channel.setDutyCycle(nanoseconds: 1_500_000, at: .zero)
        // A marker the provider would overwrite if it wrote the same value again.
        try fake.tree.write("pwmchip0/pwm0/duty_cycle", "7\n", mode: 0o666)
        channel.setDutyCycle(nanoseconds: 1_500_000, at: .zero)
        #expect(fake.channelAttribute("duty_cycle") == "7")
        channel.setDutyCycle(nanoseconds: 1_600_000, at: .zero)
        #expect(fake.channelAttribute("duty_cycle") == "1600000")

        channel.setEnabled(true, at: .zero)
        try fake.tree.write("pwmchip0/pwm0/enable", "7\n", mode: 0o666)
        channel.setEnabled(true, at: .zero)
        #expect(fake.channelAttribute("enable") == "7")
    }

    @Test func shorterPeriodLowersAStaleDutyCycleFirst() throws {
        // A previous run left a 1.5 ms pulse; the kernel would refuse a 1 ms period above it.
        try fake.addExportedChannel(chip: 0, channel: 0, period: 20_000_000, dutyCycle: 1_500_000, enabled: true)
        let channel = try provider.openChannel(chip: 0, channel: 0)
        try channel.configure(periodNanoseconds: 1_000_000)
        #expect(fake.channelAttribute("duty_cycle") == "0")
        #expect(fake.channelAttribute("period") == "1000000")
        #expect(channel.dutyCycleNanoseconds == 0)
        #expect(channel.periodNanoseconds == 1_000_000)
    }

    @Test func longerPeriodKeepsTheDutyCycle() throws {
        try fake.addExportedChannel(chip: 0, channel: 0, period: 10_000_000, dutyCycle: 1_500_000)
        let channel = try provider.openChannel(chip: 0, channel: 0)
        try channel.configure(periodNanoseconds: 20_000_000)
        #expect(fake.channelAttribute("duty_cycle") == "1500000")
        #expect(fake.channelAttribute("period") == "20000000")
    }

    @Test func periodChangeOrdersWritesAroundTheDutyCycle() {
        #expect(PWMPeriodChange.writes(currentPeriod: 20_000_000, currentDutyCycle: 1_500_000, newPeriod: 1_000_000)
            == [.dutyCycleNanoseconds(0), .periodNanoseconds(1_000_000)])
        #expect(PWMPeriodChange.writes(currentPeriod: 20_000_000, currentDutyCycle: 1_500_000, newPeriod: 1_500_000)
            == [.periodNanoseconds(1_500_000)])
        #expect(PWMPeriodChange.writes(currentPeriod: 0, currentDutyCycle: 0, newPeriod: 20_000_000)
            == [.periodNanoseconds(20_000_000)])
        #expect(PWMPeriodChange.writes(currentPeriod: 20_000_000, currentDutyCycle: 1_500_000, newPeriod: 20_000_000) == [])
    }

    @Test func refusesWhatSysfsWouldRefuse() throws {
        try fake.addExportedChannel(chip: 0, channel: 0)
        let channel = try provider.openChannel(chip: 0, channel: 0)
        channel.setEnabled(true, at: .zero)
        #expect(fake.channelAttribute("enable") == "0")
        #expect(channel.rejectedWrites == 1)

        try channel.configure(periodNanoseconds: 20_000_000)
        channel.setDutyCycle(nanoseconds: 20_000_001, at: .zero)
        channel.setDutyCycle(nanoseconds: -1, at: .zero)
        #expect(fake.channelAttribute("duty_cycle") == "0")
        #expect(channel.rejectedWrites == 3)

        #expect(throws: HardwareError.self) { try channel.configure(periodNanoseconds: 0) }
        #expect(fake.channelAttribute("period") == "20000000")
    }

    @Test func releaseDisablesAndUnexports() throws {
        try fake.addExportedChannel(chip: 0, channel: 1, period: 20_000_000)
        var channel: SysfsPWMChannel? = try provider.openChannel(chip: 0, channel: 1)
        channel?.setDutyCycle(nanoseconds: 1_500_000, at: .zero)
        channel?.setEnabled(true, at: .zero)
        #expect(fake.chipAttribute("unexport") == "")
        channel = nil
        #expect(fake.channelAttribute(channel: 1, "enable") == "0")
        #expect(fake.chipAttribute("unexport") == "1")
        // Released: the same channel can be taken again.
        _ = try provider.openChannel(chip: 0, channel: 1)
    }

    @Test func aChannelIsHeldOnce() throws {
        try fake.addExportedChannel(chip: 0, channel: 0)
        let first = try provider.channel(chip: 0, channel: 0)
        let error = try #require(throws: HardwareError.self) { try provider.channel(chip: 0, channel: 0) }
        #expect(error.kind == .lineBusy)
        #expect(error.reason.contains("pwmchip0 channel 0"))
        _ = first
    }

    @Test func missingChipListsTheChipsThatExist() throws {
        let error = try #require(throws: HardwareError.self) { try provider.openChannel(chip: 3, channel: 0) }
        #expect(error.kind == .chipNotFound)
        #expect(error.reason.contains("no pwmchip3"))
        #expect(error.reason.contains("pwmchip0 (device 1f00098000.pwm, 2 channels)"))
    }

    @Test func missingRootSaysThereIsNoPWM() throws {
        let absent = try SysfsPWMProvider(root: fake.root + "/absent")
        let error = try #require(throws: HardwareError.self) { try absent.openChannel(chip: 0, channel: 0) }
        #expect(error.kind == .chipNotFound)
        #expect(error.reason.contains("absent does not exist"))
        #expect(error.reason.contains("dtoverlay=pwm-2chan"))
    }

    @Test func channelOutOfRange() throws {
        let error = try #require(throws: HardwareError.self) { try provider.openChannel(chip: 0, channel: 2) }
        #expect(error.kind == .lineOutOfRange)
        #expect(error.reason == "pwmchip0 has channels 0...1, not 2")
        #expect(fake.chipAttribute("export") == "")
    }

    @Test func exportThatNeverAppearsTimesOutAndUnexports() throws {
        let error = try #require(throws: HardwareError.self) { try provider.openChannel(chip: 0, channel: 1) }
        #expect(error.kind == .ioFailure)
        #expect(error.reason.contains("pwmchip0/pwm1 did not appear within 50 ms"))
        #expect(fake.chipAttribute("export") == "1")
        #expect(fake.chipAttribute("unexport") == "1")
    }

    @Test func unreadableChannelCountIsPermissionDenied() throws {
        try fake.addExportedChannel(chip: 0, channel: 0)
        try fake.tree.chmod("pwmchip0/npwm", 0o000)
        try #require(UnprivilegedFileAccess.isReadDenied(fake.root + "/pwmchip0/npwm"))
        let result = UnprivilegedFileAccess.run { Result { () throws(HardwareError) in try provider.openChannel(chip: 0, channel: 0) } }
        let error = try #require(throws: HardwareError.self) { try result.get() }
        #expect(error.kind == .permissionDenied)
        #expect(error.reason.contains("cannot read \(fake.root)/pwmchip0/npwm: permission denied (owner root:root, mode 0000)"))
        #expect(error.reason.contains("gpio group"))
    }

    @Test func readOnlyDutyCycleIsPermissionDeniedNamingTheFile() throws {
        try fake.addExportedChannel(chip: 0, channel: 0)
        try fake.tree.chmod("pwmchip0/pwm0/duty_cycle", 0o644)
        try #require(UnprivilegedFileAccess.isWriteDenied(fake.root + "/pwmchip0/pwm0/duty_cycle"))
        let result = UnprivilegedFileAccess.run { Result { () throws(HardwareError) in try provider.openChannel(chip: 0, channel: 0) } }
        let error = try #require(throws: HardwareError.self) { try result.get() }
        #expect(error.kind == .permissionDenied)
        #expect(error.reason.contains("cannot open \(fake.root)/pwmchip0/pwm0/duty_cycle: permission denied (owner root:root, mode 0644)"))
        #expect(error.reason.contains("udev rule"))
        #expect(fake.chipAttribute("unexport") == "0")
    }

    @Test func unwritableExportIsPermissionDenied() throws {
        try fake.tree.chmod("pwmchip0/export", 0o200)
        try #require(UnprivilegedFileAccess.isWriteDenied(fake.root + "/pwmchip0/export"))
        let result = UnprivilegedFileAccess.run { Result { () throws(HardwareError) in try provider.openChannel(chip: 0, channel: 0) } }
        let error = try #require(throws: HardwareError.self) { try result.get() }
        #expect(error.kind == .permissionDenied)
        #expect(error.reason.contains("cannot write 0 to \(fake.root)/pwmchip0/export: permission denied"))
    }

    @Test func garbledAttributeIsAnIOFailure() throws {
        try fake.addExportedChannel(chip: 0, channel: 0)
        try fake.tree.write("pwmchip0/pwm0/period", "twenty\n", mode: 0o666)
        let error = try #require(throws: HardwareError.self) { try provider.openChannel(chip: 0, channel: 0) }
        #expect(error.kind == .ioFailure)
        #expect(error.reason == "\(fake.root)/pwmchip0/pwm0/period holds \"twenty\\n\", not a number")
    }

    @Test func attributeThatIsADirectoryIsAnIOFailure() throws {
        try fake.tree.makeDirectory("pwmchip0/pwm0")
        try fake.tree.write("pwmchip0/pwm0/period", "0\n", mode: 0o666)
        try fake.tree.makeDirectory("pwmchip0/pwm0/duty_cycle")
        let error = try #require(throws: HardwareError.self) { try provider.openChannel(chip: 0, channel: 0) }
        #expect(error.kind == .ioFailure)
        #expect(error.reason.contains("cannot open \(fake.root)/pwmchip0/pwm0/duty_cycle: Is a directory"))
    }

    @Test func badProviderSettingsAreRefused() {
        #expect(throws: HardwareError.self) { try SysfsPWMProvider(root: "") }
        #expect(throws: HardwareError.self) { try SysfsPWMProvider(exportTimeoutNanoseconds: 0) }
    }
}
#endif
