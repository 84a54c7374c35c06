#if os(Linux)
import Glibc
import SwivelPOSIX
import SwivelHardware
@testable import SwivelLinux
import Testing

@Suite struct SysfsAttributeTests {
    @Test func writesDecimalTextAsEchoWould() throws {
        let tree = try TemporaryTree("swivel-attr")
        try tree.write("duty_cycle", "0\n")
        let attribute = try SysfsAttribute(path: tree.url("duty_cycle"))
        for value: Int64 in [0, 7, 1_500_000, Int64.max, -42] {
            #expect(attribute.write(value) == 0)
            #expect(tree.attribute("duty_cycle") == String(value))
            #expect(try attribute.readInteger() == value)
        }
    }

    @Test func aClosedAttributeRefusesWrites() throws {
        let tree = try TemporaryTree("swivel-attr")
        try tree.write("enable", "0\n")
        let attribute = try SysfsAttribute(path: tree.url("enable"))
        attribute.close()
        #expect(attribute.write(1) == EBADF)
        #expect(tree.attribute("enable") == "0")
    }

    @Test func pwmFileErrorsNameTheCause() {
        let path = "/sys/class/pwm/pwmchip0/export"
        let busy = SysfsPWMDiagnostics.fileError(Errno(EBUSY), action: "write 1 to", path: path, channel: "pwmchip0 channel 1")
        #expect(busy == HardwareError(.lineBusy, "cannot write 1 to \(path): pwmchip0 channel 1 is busy (held by a kernel driver such as pwm-fan or a backlight)"))
        let refused = SysfsPWMDiagnostics.fileError(Errno(EINVAL), action: "write 3 to", path: path, channel: "pwmchip0 channel 3")
        #expect(refused == HardwareError(.invalidConfiguration, "cannot write 3 to \(path): the kernel refused it (Invalid argument (errno 22))"))
        let gone = SysfsPWMDiagnostics.fileError(Errno(ENODEV), action: "open", path: path, channel: "pwmchip0 channel 0")
        #expect(gone == HardwareError(.ioFailure, "cannot open \(path): No such device (errno 19)"))
    }
}
#endif
