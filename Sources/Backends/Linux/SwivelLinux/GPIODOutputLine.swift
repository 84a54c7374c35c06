#if os(Linux)
import CSwivelGPIO
public import SwivelHardware
import Synchronization

/// An output line requested through libgpiod. Holds its chip (libgpiod 1.x
/// keeps line objects inside the chip), so dropping the line is what releases it.
///
/// `set` is one ioctl with no allocation and no lock, callable from any one
/// thread at a time: the loop thread, or the busy-wait step executor.
public final class GPIODOutputLine: DigitalOutput {
    public let line: Int
    /// The level the line was requested at, and returns to before release.
    public let safeHigh: Bool
    private let chip: GPIODChip
    private let handle: OpaquePointer
    private let failures = Atomic<UInt64>(0)
    private let lastFailure = Atomic<Int32>(0)

    init(chip: GPIODChip, handle: OpaquePointer, line: Int, safeHigh: Bool) {
        self.chip = chip
        self.handle = handle
        self.line = line
        self.safeHigh = safeHigh
    }

    /// `instant` is ignored: a hardware executor calls this at that instant.
    /// A failed write cannot be reported from a tick; it is counted instead.
    public func set(_ high: Bool, at instant: MonotonicInstant) {
        let result = swivel_gpio_output_set(handle, high ? 1 : 0)
        if result != 0 {
            failures.add(1, ordering: .relaxed)
            lastFailure.store(-result, ordering: .relaxed)
        }
    }

    /// Writes that the kernel refused (the device went away, for one).
    public var failedWrites: UInt64 { failures.load(ordering: .relaxed) }

    /// The errno of the latest failed write, 0 if none failed.
    public var lastFailureErrno: Int32 { lastFailure.load(ordering: .relaxed) }

    deinit {
        // Releasing leaves the pin to the chip's default (often an input with
        // no pull, floating): drive the safe level first so it rests there.
        _ = swivel_gpio_output_set(handle, safeHigh ? 1 : 0)
        swivel_gpio_output_release(handle)
    }
}
#endif
