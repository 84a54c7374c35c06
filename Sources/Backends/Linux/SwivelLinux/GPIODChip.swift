#if os(Linux)
import CSwivelGPIO
import Glibc
import SwivelPOSIX
public import SwivelHardware

/// A GPIO chip through libgpiod (1.6 or 2.x, chosen when the shim was
/// compiled). Found by label, never by number: chip numbers move between
/// kernels (a Pi 5's header was gpiochip4, then gpiochip0 from 6.6.45).
///
/// Not Sendable: set it up on one thread. Its lines may then move to other
/// threads (an output to the step executor); each line keeps the chip open.
public final class GPIODChip: GPIOChip {
    public let label: String
    /// The kernel's name for the chip, "gpiochip0".
    public let name: String
    public let lineCount: Int
    let handle: OpaquePointer

    /// The libgpiod API the shim was compiled against: 1 or 2.
    public static var libgpiodAPIVersion: Int { Int(swivel_gpio_api_version()) }

    /// The kernel's default FIFO holds 16 edges per line; an encoder at speed
    /// needs the most it allows (libgpiod 2.x only; 1.x is fixed at 16 per line).
    public static let defaultKernelEventCapacity = 1_024

    private init(handle: OpaquePointer) {
        self.handle = handle
        label = String(cString: swivel_gpio_chip_label(handle))
        name = String(cString: swivel_gpio_chip_name(handle))
        lineCount = Int(swivel_gpio_chip_num_lines(handle))
    }

    deinit { swivel_gpio_chip_close(handle) }

    /// Opens the chip labelled `label` ("pinctrl-rp1" on a Pi 5,
    /// "pinctrl-bcm2711" on a Pi 4), scanning /dev/gpiochip*.
    public static func open(label: String) throws(HardwareError) -> GPIODChip {
        guard !label.isEmpty else {
            throw HardwareError(.invalidConfiguration, "a GPIO chip label must not be empty")
        }
        var handle: OpaquePointer?
        let result = swivel_gpio_chip_open_label(label, &handle)
        if result == 0, let handle { return GPIODChip(handle: handle) }

        let directory = GPIOChipScan.deviceDirectory
        let failure = Errno(-result)
        let entries: [GPIOChipEntry]
        do {
            entries = try GPIOChipScan.entries(in: directory)
        } catch {
            throw HardwareError(.ioFailure, "could not list \(directory) while looking for GPIO chip '\(label)': \(error.numberedDescription)")
        }
        if failure.isPermissionDenied {
            let denied = entries.first {
                if case .unopenable(let reason) = $0.state { return reason.isPermissionDenied }
                return false
            }
            throw GPIODiagnostics.chipPermissionDenied(label: label, directory: directory, denied: denied)
        }
        if failure.code == ENOENT {
            throw GPIODiagnostics.chipNotFound(label: label, directory: directory, entries: entries)
        }
        throw HardwareError(.ioFailure, "could not open GPIO chip '\(label)': \(failure.numberedDescription)")
    }

    /// How errors name this chip: "chip 'pinctrl-rp1' (gpiochip0)".
    var displayName: String { "chip '\(label)' (\(name))" }

    // MARK: GPIOChip

    /// The line starts at `initialHigh` and returns to it when the output is
    /// released, so a STEP or ENABLE pin rests at the level the board chose
    /// rather than floating when the daemon exits.
    public func requestOutput(line: Int, initialHigh: Bool, consumer: String) throws(HardwareError) -> any DigitalOutput {
        try requestOutputLine(line: line, initialHigh: initialHigh, consumer: consumer)
    }

    public func requestOutputLine(line: Int, initialHigh: Bool, consumer: String) throws(HardwareError) -> GPIODOutputLine {
        try checkRange([line], consumer: consumer)
        var output: OpaquePointer?
        let result = swivel_gpio_output_request(handle, UInt32(line), initialHigh ? 1 : 0, consumer, &output)
        guard result == 0, let output else {
            throw requestError(Errno(-result), consumer: consumer, lines: [line])
        }
        return GPIODOutputLine(chip: self, handle: output, line: line, safeHigh: initialHigh)
    }

    public func requestEdgeEvents(lines: [Int], consumer: String) throws(HardwareError) -> any EdgeEventSource {
        try requestEdgeEventSource(lines: lines, consumer: consumer)
    }

    /// Whether the kernel can debounce input lines for us: with libgpiod 2.x
    /// (gpiolib emulates it where a chip cannot), not with 1.x.
    public static var hasKernelDebounce: Bool { swivel_gpio_api_version() >= 2 }

    /// `readBatchCapacity` edges are moved from the kernel per read; a drain
    /// asking for more reads again. `debounceMicroseconds` is passed to the
    /// kernel where `hasKernelDebounce` (and ignored elsewhere).
    public func requestEdgeEventSource(
        lines: [Int], consumer: String, bias: GPIOBias = .asIs,
        kernelEventCapacity: Int = GPIODChip.defaultKernelEventCapacity, readBatchCapacity: Int = 64,
        debounceMicroseconds: Int = 0
    ) throws(HardwareError) -> GPIODEdgeEventSource {
        guard !lines.isEmpty else {
            throw HardwareError(.invalidConfiguration, "\(consumer) asked \(displayName) for edge events on no lines")
        }
        guard lines.count <= Int(SWIVEL_GPIO_MAX_GROUP_LINES) else {
            throw HardwareError(.invalidConfiguration, "\(consumer) asked for \(lines.count) lines in one edge request; the kernel allows \(SWIVEL_GPIO_MAX_GROUP_LINES)")
        }
        for (index, line) in lines.enumerated() where lines[..<index].contains(line) {
            throw HardwareError(.invalidConfiguration, "\(consumer) listed line \(line) of \(displayName) twice")
        }
        guard kernelEventCapacity >= 0, kernelEventCapacity <= 1_024 else {
            throw HardwareError(.invalidConfiguration, "kernel event capacity must be 0...1024 (0: the kernel's default), got \(kernelEventCapacity)")
        }
        guard readBatchCapacity > 0 else {
            throw HardwareError(.invalidConfiguration, "edge read batch capacity must be positive, got \(readBatchCapacity)")
        }
        guard debounceMicroseconds >= 0, debounceMicroseconds <= 10_000_000 else {
            throw HardwareError(.invalidConfiguration, "debounce must be 0...10 s, got \(debounceMicroseconds) µs")
        }
        try checkRange(lines, consumer: consumer)
        let offsets = lines.map { UInt32($0) }
        var inputs: OpaquePointer?
        let result = offsets.withUnsafeBufferPointer {
            swivel_gpio_inputs_request(
                handle, $0.baseAddress, $0.count, bias.shimValue, consumer, kernelEventCapacity,
                UInt32(debounceMicroseconds), &inputs)
        }
        guard result == 0, let inputs else {
            throw requestError(Errno(-result), consumer: consumer, lines: lines)
        }
        return GPIODEdgeEventSource(chip: self, handle: inputs, lines: lines, readBatchCapacity: readBatchCapacity)
    }

    private func checkRange(_ lines: [Int], consumer: String) throws(HardwareError) {
        for line in lines where line < 0 || line >= lineCount {
            throw HardwareError(.lineOutOfRange, "\(consumer) asked for line \(line) but \(displayName) has lines 0...\(lineCount - 1)")
        }
    }

    private func requestError(_ error: Errno, consumer: String, lines: [Int]) -> HardwareError {
        var holder: (line: Int, consumer: String)?
        if error.code == EBUSY {
            for line in lines {
                if let name = self.consumer(of: line) {
                    holder = (line, name)
                    break
                }
            }
        }
        return GPIODiagnostics.requestFailed(
            error, consumer: consumer, lines: lines, chip: displayName, lineCount: lineCount, holder: holder)
    }

    /// Who the kernel says holds `line` (possibly ""), or nil when it is free
    /// or the kernel cannot tell.
    public func consumer(of line: Int) -> String? {
        guard line >= 0, line < lineCount else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        let used = buffer.withUnsafeMutableBufferPointer {
            swivel_gpio_line_consumer(handle, UInt32(line), $0.baseAddress, $0.count)
        }
        guard used == 1 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#endif
