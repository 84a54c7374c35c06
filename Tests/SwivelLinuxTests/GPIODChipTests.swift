#if os(Linux)
import Glibc
import SwivelPOSIX
import SwivelHardware
@testable import SwivelLinux
import Testing

@Suite struct GPIODChipTests {
    // This build machine has no /dev/gpiochip*; a Pi runs the test below instead.
    @Test(.enabled(if: !GPIOTestEnvironment.hasGPIOChips, "this machine has GPIO chips: the no-chip case cannot happen here"))
    func openByLabelSaysThereAreNoChips() throws {
        let error = try #require(throws: HardwareError.self) { try GPIODChip.open(label: "pinctrl-rp1") }
        #expect(error.kind == .chipNotFound)
        #expect(error.reason == "no GPIO chip labelled 'pinctrl-rp1': this machine has no GPIO chips (nothing matches /dev/gpiochip*)")
    }

    @Test(.enabled(if: GPIOTestEnvironment.hasGPIOChips, "no /dev/gpiochip* here: nothing to list"))
    func openByUnknownLabelListsTheChips() throws {
        let entries = try GPIOChipScan.entries()
        let error = try #require(throws: HardwareError.self) { try GPIODChip.open(label: "swivel-no-such-chip") }
        let denied = entries.first { entry in
            if case .unopenable(let reason) = entry.state { return reason.isPermissionDenied }
            return false
        }
        if let denied {
            // Not in the gpio group: that is what the user must hear first.
            #expect(error.kind == .permissionDenied)
            #expect(error.reason.contains(denied.path))
        } else {
            #expect(error == GPIODiagnostics.chipNotFound(label: "swivel-no-such-chip", directory: "/dev", entries: entries))
            for case let (name, .opened(label, _)) in entries.map({ ($0.name, $0.state) }) {
                #expect(error.reason.contains("\(name) '\(label)'"))
            }
        }
    }

    @Test func emptyLabelIsRefused() throws {
        let error = try #require(throws: HardwareError.self) { try GPIODChip.open(label: "") }
        #expect(error.kind == .invalidConfiguration)
    }

    @Test func scanNamesChipsInNumberOrderAndWhyTheyCannotOpen() throws {
        let tree = try TemporaryTree("swivel-dev")
        #expect(try GPIOChipScan.entries(in: tree.path) == [])
        for name in ["gpiochip10", "gpiochip2", "gpiochip0", "gpiochipX", "ttyS0"] {
            try tree.write(name, "")
        }
        let entries = try GPIOChipScan.entries(in: tree.path)
        // libgpiod (1.x and 2.x) refuses a regular file with ENOTTY before any ioctl.
        #expect(entries == ["gpiochip0", "gpiochip2", "gpiochip10"].map {
            GPIOChipEntry(name: $0, path: tree.path + "/" + $0, state: .unopenable(Errno(ENOTTY)))
        })
    }

    @Test func scanOfAMissingDirectoryFails() throws {
        #expect(throws: Errno(ENOENT)) { try GPIOChipScan.entries(in: "/nonexistent-swivel-dev") }
    }
}

@Suite struct GPIODiagnosticsTests {
    let chips = [
        GPIOChipEntry(name: "gpiochip0", path: "/dev/gpiochip0", state: .opened(label: "pinctrl-rp1", lineCount: 54)),
        GPIOChipEntry(name: "gpiochip10", path: "/dev/gpiochip10", state: .opened(label: "gpio-brcmstb@107d508500", lineCount: 32)),
        GPIOChipEntry(name: "gpiochip13", path: "/dev/gpiochip13", state: .unopenable(Errno(EACCES))),
    ]

    @Test func notFoundListsTheLabelsThatExist() {
        let error = GPIODiagnostics.chipNotFound(label: "pinctrl-bcm2711", directory: "/dev", entries: chips)
        #expect(error.kind == .chipNotFound)
        #expect(error.reason == "no GPIO chip labelled 'pinctrl-bcm2711'; the chips here are gpiochip0 'pinctrl-rp1' (54 lines), gpiochip10 'gpio-brcmstb@107d508500' (32 lines), gpiochip13 (cannot open: Permission denied (errno 13))")
    }

    @Test func permissionDeniedNamesTheDeviceAndTheGroup() throws {
        let tree = try TemporaryTree("swivel-dev")
        try tree.write("gpiochip0", "", mode: 0o660)
        let denied = GPIOChipEntry(name: "gpiochip0", path: tree.url("gpiochip0"), state: .unopenable(Errno(EACCES)))
        let error = GPIODiagnostics.chipPermissionDenied(label: "pinctrl-rp1", directory: tree.path, denied: denied)
        #expect(error.kind == .permissionDenied)
        #expect(error.reason.hasPrefix("permission denied opening \(tree.url("gpiochip0")) (owner root:root, mode 0660) while looking for GPIO chip 'pinctrl-rp1': add the user to the gpio group"))
    }

    @Test func busyLineNamesItsHolder() {
        let held = GPIODiagnostics.requestFailed(
            Errno(EBUSY), consumer: "pan-step", lines: [17], chip: "chip 'pinctrl-rp1' (gpiochip0)",
            lineCount: 54, holder: (17, "gpioset"))
        #expect(held == HardwareError(.lineBusy, "pan-step asked for line 17 of chip 'pinctrl-rp1' (gpiochip0), already held by 'gpioset'"))

        let anonymous = GPIODiagnostics.requestFailed(
            Errno(EBUSY), consumer: "tilt-encoder", lines: [5, 6], chip: "chip 'pinctrl-rp1' (gpiochip0)",
            lineCount: 54, holder: (6, ""))
        #expect(anonymous.kind == .lineBusy)
        #expect(anonymous.reason == "tilt-encoder asked for line 6 of chip 'pinctrl-rp1' (gpiochip0), in use, and the kernel names no consumer (a kernel driver or another process holds it)")
    }

    @Test func otherRequestFailures() {
        let chip = "chip 'pinctrl-rp1' (gpiochip0)"
        func failure(_ code: Int32) -> HardwareError {
            GPIODiagnostics.requestFailed(Errno(code), consumer: "pan-dir", lines: [60], chip: chip, lineCount: 54, holder: nil)
        }
        #expect(failure(ERANGE) == HardwareError(.lineOutOfRange, "pan-dir asked for line 60 but chip 'pinctrl-rp1' (gpiochip0) has lines 0...53"))
        #expect(failure(EACCES).kind == .permissionDenied)
        #expect(failure(EACCES).reason.contains("gpio group"))
        #expect(failure(EINVAL).kind == .invalidConfiguration)
        #expect(failure(EIO) == HardwareError(.ioFailure, "pan-dir could not request line 60 of chip 'pinctrl-rp1' (gpiochip0): Input/output error (errno 5)"))
    }
}
#endif
