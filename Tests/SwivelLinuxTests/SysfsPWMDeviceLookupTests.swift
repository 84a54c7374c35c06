#if os(Linux)
import SwivelHardware
import SwivelLinux
import Testing

/// A Pi 5's PWM chip number changes between kernels; its device name does not.
@Suite struct SysfsPWMDeviceLookupTests {
    let fake: FakePWMTree
    let provider: SysfsPWMProvider

    init() throws {
        fake = try FakePWMTree()
        try fake.addChip(0, channels: 4, device: "1f00098000.pwm")
        try fake.addChip(2, channels: 2, device: "fe20c000.pwm")
        try fake.addChip(10, channels: 1)
        provider = try SysfsPWMProvider(root: fake.root, exportTimeoutNanoseconds: 50_000_000)
    }

    @Test func findsTheChipThroughItsDeviceLink() throws {
        #expect(try provider.chipNumber(device: "1f00098000.pwm") == 0)
        #expect(try provider.chipNumber(device: "fe20c000.pwm") == 2)
    }

    @Test func listsChipsInNumberOrder() {
        #expect(provider.chips() == [
            SysfsPWMChipInfo(number: 0, device: "1f00098000.pwm", channelCount: 4),
            SysfsPWMChipInfo(number: 2, device: "fe20c000.pwm", channelCount: 2),
            SysfsPWMChipInfo(number: 10, device: nil, channelCount: 1),
        ])
    }

    @Test func opensAChannelByDevice() throws {
        try fake.addExportedChannel(chip: 2, channel: 1, period: 20_000_000)
        let channel = try provider.openChannel(device: "fe20c000.pwm", channel: 1)
        #expect(channel.chip == 2)
        #expect(channel.channel == 1)
        #expect(fake.chipAttribute(chip: 2, "export") == "1")
    }

    @Test func unknownDeviceListsTheDevicesThatExist() throws {
        let error = try #require(throws: HardwareError.self) { try provider.chipNumber(device: "1f00099000.pwm") }
        #expect(error.kind == .chipNotFound)
        #expect(error.reason == "no PWM chip belongs to device '1f00099000.pwm'; present: pwmchip0 (device 1f00098000.pwm, 4 channels), pwmchip2 (device fe20c000.pwm, 2 channels), pwmchip10 (1 channel)")
    }

    @Test func aPathIsNotADeviceName() throws {
        let error = try #require(throws: HardwareError.self) { try provider.chipNumber(device: "/sys/devices/platform/axi/1f00098000.pwm") }
        #expect(error.kind == .invalidConfiguration)
    }
}
#endif
