#if os(Linux)
import CSwivelGPIO
import SwivelPOSIX
public import SwivelHardware

/// A group of input lines watched for both edges, stamped by the kernel on
/// CLOCK_MONOTONIC (the clock of `SystemMonotonicClock`).
///
/// libgpiod 2.x: one kernel FIFO for the group, in order, with sequence
/// numbers; a gap is counted in `droppedEvents`.
/// libgpiod 1.x: one FIFO of 16 edges per line and no sequence numbers. The
/// shim merges the FIFOs by timestamp and holds back edges stamped after the
/// read began, so a sibling the kernel has not queued yet can still come
/// first. It cannot see a FIFO overflow; it counts in `droppedEvents` a line
/// that reports the same direction twice (at least one edge lost), and misses
/// an even number lost on one line. An edge returned out of order is counted
/// in `misorderedEvents`.
public final class GPIODEdgeEventSource: EdgeEventSource {
    public let lines: [Int]
    private let chip: GPIODChip
    private let handle: OpaquePointer
    private let staging: UnsafeMutableBufferPointer<swivel_gpio_edge>
    /// Reads the kernel refused; a drain that fails returns nothing.
    public private(set) var failedReads: UInt64 = 0
    /// The errno of the latest failed read or level, 0 if none failed.
    public private(set) var lastFailureErrno: Int32 = 0

    init(chip: GPIODChip, handle: OpaquePointer, lines: [Int], readBatchCapacity: Int) {
        self.chip = chip
        self.handle = handle
        self.lines = lines
        staging = .allocate(capacity: readBatchCapacity)
        staging.initialize(repeating: swivel_gpio_edge())
    }

    deinit {
        swivel_gpio_inputs_release(handle)
        staging.deallocate()
    }

    /// The level of `line` now, or why it could not be read.
    public func currentLevel(of line: Int) throws(HardwareError) -> Bool {
        guard lines.contains(line) else {
            throw HardwareError(.invalidConfiguration, "line \(line) is not in this edge request \(lines) of \(chip.displayName)")
        }
        let value = swivel_gpio_inputs_get_value(handle, UInt32(line))
        guard value >= 0 else {
            lastFailureErrno = -value
            throw HardwareError(.ioFailure, "could not read line \(line) of \(chip.displayName): \(Errno(-value).numberedDescription)")
        }
        return value == 1
    }

    /// Low when the level cannot be read (counted in `failedReads`).
    public func level(of line: Int) -> Bool {
        do {
            return try currentLevel(of: line)
        } catch {
            failedReads &+= 1
            return false
        }
    }

    /// Real-time path: non-blocking reads into a buffer allocated at request time.
    public func drainEvents(into buffer: UnsafeMutableBufferPointer<EdgeEvent>) -> Int {
        let wanted = min(buffer.count, staging.count)
        guard wanted > 0, let destination = buffer.baseAddress, let source = staging.baseAddress else { return 0 }
        let result = swivel_gpio_inputs_read_events(handle, source, wanted)
        guard result >= 0 else {
            failedReads &+= 1
            lastFailureErrno = Int32(truncatingIfNeeded: -result)
            return 0
        }
        let count = min(Int(result), wanted)
        for index in 0..<count {
            let edge = source[index]
            destination[index] = EdgeEvent(
                instant: MonotonicInstant(nanoseconds: Int64(truncatingIfNeeded: edge.timestamp_ns)),
                line: Int(edge.offset), rising: edge.rising != 0)
        }
        return count
    }

    public var droppedEvents: UInt64 { swivel_gpio_inputs_dropped(handle) }

    /// Edges returned with a timestamp earlier than one already returned.
    public var misorderedEvents: UInt64 { swivel_gpio_inputs_misordered(handle) }

    /// Blocks up to `timeoutNanoseconds` for an edge: for a dedicated thread or
    /// a test, never for the tick or the Swift concurrency pool.
    public func waitForEvents(timeoutNanoseconds: Int64) throws(HardwareError) -> Bool {
        let result = swivel_gpio_inputs_wait(handle, timeoutNanoseconds)
        guard result >= 0 else {
            throw HardwareError(.ioFailure, "waiting for edges on \(chip.displayName) failed: \(Errno(-result).numberedDescription)")
        }
        return result == 1
    }
}
#endif
