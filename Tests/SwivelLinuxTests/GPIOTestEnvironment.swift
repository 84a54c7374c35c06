#if os(Linux)
import Glibc
@testable import SwivelLinux

/// What this machine offers the GPIO tests; each gated test says why it skips.
enum GPIOTestEnvironment {
    static var chipNames: [String] {
        (try? FileSystem.numberedEntries(of: "/dev", prefix: "gpiochip").map(\.name)) ?? []
    }

    static var hasGPIOChips: Bool { !chipNames.isEmpty }

    static let gpioSimConfigfs = "/sys/kernel/config/gpio-sim"

    /// gpio-sim needs the module loaded, configfs mounted, and root to make a chip.
    static var canMakeSimulatedChips: Bool {
        FileSystem.isDirectory(gpioSimConfigfs) && geteuid() == 0
    }

    static let libgpiod2PrefixVariable = "SWIVEL_LIBGPIOD2_PREFIX"

    /// A prefix holding include/gpiod.h and lib/libgpiod.so of libgpiod 2.x.
    static var libgpiod2Prefix: String? {
        guard let value = getenv(libgpiod2PrefixVariable) else { return nil }
        let prefix = String(cString: value)
        return prefix.isEmpty ? nil : prefix
    }
}
#endif
