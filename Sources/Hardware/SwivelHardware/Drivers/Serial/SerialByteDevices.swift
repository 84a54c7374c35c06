import SwivelPorts

/// Byte devices on termios serial ports: UARTs and USB serial adapters, raw
/// and non-blocking, read with a timeout through poll. The Linux backend's, and
/// the simulated backend's on the wall clock, which opens the pty its simulated
/// chain is served on through them, so both run the same serial code.
public final class SerialByteDevices: ByteDeviceProvider {
    public init() {}

    public func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice {
        guard path != "pty" else {
            throw HardwareError(.invalidConfiguration, "device \"pty\" is the simulated board's chain; on hardware give the UART's path, such as /dev/serial0")
        }
        do {
            return SerialByteDevice(channel: try SerialPort.open(path: path, baudRate: baudRate))
        } catch {
            throw HardwareError(error.kind == .open && error.errno == 13 ? .permissionDenied : .ioFailure, "\(error)")
        }
    }
}

/// One serial device as a bus servo chain's `ByteDevice`. Owned by the bus's thread.
final class SerialByteDevice: ByteDevice, @unchecked Sendable {
    let channel: FileChannel
    private var poll = PollSet()
    private let discardBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 256, alignment: 1)

    init(channel: FileChannel) {
        self.channel = channel
        _ = poll.add(channel.fileDescriptor)
    }

    deinit { discardBuffer.deallocate() }

    var label: String { channel.label }
    var repliesAreImmediate: Bool { false }

    func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError) {
        do {
            try channel.write(all: bytes, timeoutMilliseconds: 50)
        } catch {
            throw HardwareError(.ioFailure, "\(error)")
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int {
        do {
            let read = try channel.read(into: buffer)
            if read > 0 || timeoutNanoseconds <= 0 { return read }
            guard try poll.wait(timeoutNanoseconds: timeoutNanoseconds) > 0 else { return 0 }
            return try channel.read(into: buffer)
        } catch {
            throw HardwareError(.ioFailure, "\(error)")
        }
    }

    func discardInput() {
        while let read = try? channel.read(into: discardBuffer), read > 0 {}
    }

    func close() { channel.close() }
}
