#if os(Linux)
import Glibc
@testable import SwivelLinux
import Synchronization

/// A chip made by the gpio-sim kernel module through configfs, as libgpiod's
/// own tests do (tests/gpiosim/gpiosim.c): the real kernel GPIO character
/// device on one side, sysfs `sim_gpioN/{value,pull}` on the other.
final class SimulatedGPIOChip {
    let label: String
    let lineCount: Int
    private let item: String
    private let bank: String
    private let sysfs: String

    private static let counter = Atomic<Int>(0)

    init(lineCount: Int) throws {
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        label = "swivel-sim-\(getpid())-\(number)"
        self.lineCount = lineCount
        item = GPIOTestEnvironment.gpioSimConfigfs + "/" + label
        bank = item + "/bank0"
        guard mkdir(item, 0o755) == 0 else { throw TreeError("mkdir \(item): errno \(errno)") }
        guard mkdir(bank, 0o755) == 0 else {
            rmdir(item)
            throw TreeError("mkdir \(bank): errno \(errno)")
        }
        do {
            try Self.write("\(lineCount)", to: bank + "/num_lines")
            try Self.write(label, to: bank + "/label")
            try Self.write("1", to: item + "/live")
            let chipName = try FileSystem.readText(bank + "/chip_name").trimmingSpaces
            let deviceName = try FileSystem.readText(item + "/dev_name").trimmingSpaces
            sysfs = "/sys/devices/platform/\(deviceName)/\(chipName)"
        } catch {
            try? Self.write("0", to: item + "/live")
            rmdir(bank)
            rmdir(item)
            throw error
        }
    }

    deinit {
        try? Self.write("0", to: item + "/live")
        rmdir(bank)
        rmdir(item)
    }

    /// The level the chip outputs on `line` (what our output request drives).
    func value(_ line: Int) throws -> Bool {
        try FileSystem.readText(sysfs + "/sim_gpio\(line)/value").trimmingSpaces == "1"
    }

    /// Pulls input `line` up or down, as a signal on the pin would.
    func pull(_ line: Int, high: Bool) throws {
        try Self.write(high ? "pull-up" : "pull-down", to: sysfs + "/sim_gpio\(line)/pull")
    }

    private static func write(_ text: String, to path: String) throws {
        do {
            try FileSystem.writeText(text, to: path)
        } catch {
            throw TreeError("write '\(text)' to \(path): \(error.description)")
        }
    }
}
#endif
