#if os(Linux)
import CSwivelGPIO
import SwivelPOSIX

/// One `gpiochip*` device as seen while looking for a label.
struct GPIOChipEntry: Equatable {
    enum State: Equatable {
        case opened(label: String, lineCount: Int)
        case unopenable(Errno)
    }

    var name: String
    var path: String
    var state: State
}

/// Lists the GPIO chips of a directory so an error can name the labels that
/// do exist, or the device the user may not open.
enum GPIOChipScan {
    static let deviceDirectory = "/dev"

    /// Every `gpiochip<N>` in `directory`, in number order, each opened once to read its label.
    static func entries(in directory: String = deviceDirectory) throws(Errno) -> [GPIOChipEntry] {
        try FileSystem.numberedEntries(of: directory, prefix: "gpiochip").map { entry in
            let path = directory + "/" + entry.name
            var handle: OpaquePointer?
            let result = swivel_gpio_chip_open_path(path, &handle)
            guard result == 0, let handle else {
                return GPIOChipEntry(name: entry.name, path: path, state: .unopenable(Errno(-result)))
            }
            defer { swivel_gpio_chip_close(handle) }
            let label = String(cString: swivel_gpio_chip_label(handle))
            let lineCount = Int(swivel_gpio_chip_num_lines(handle))
            return GPIOChipEntry(name: entry.name, path: path, state: .opened(label: label, lineCount: lineCount))
        }
    }
}
#endif
