/// A byte stream to a device: the UART a serial bus servo chain hangs on.
/// Used by a driver's own bus thread, never by the tick (a reply takes a
/// turnaround of hundreds of microseconds).
public protocol ByteDevice: AnyObject {
    /// The path or name, for messages.
    var label: String { get }
    /// An exchange completes inside `write` (a simulated device in virtual
    /// time): the bus then runs inside the tick's encoder update, as an
    /// immediate I2C bus does, instead of on a thread of its own.
    var repliesAreImmediate: Bool { get }
    /// Writes every byte, or throws.
    func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError)
    /// Reads what arrives within `timeoutNanoseconds` into `buffer`: the
    /// number of bytes read, 0 when nothing came in time.
    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int
    /// Drops whatever waits to be read (a late reply to an exchange already given up).
    func discardInput()
    func close()
}

/// Opens the byte devices a board names (its bus servo chains), by path.
public protocol ByteDeviceProvider: AnyObject {
    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice
}
