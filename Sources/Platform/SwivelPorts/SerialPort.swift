#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// A UART or USB serial adapter (or a pty's secondary) opened raw and non-blocking.
public enum SerialPort {
    /// The rates `open` accepts, in ascending order.
    public static let supportedBaudRates: [Int] = BaudRate.table.map(\.rate)

    /// Opens `path` raw at `baudRate`, 8N1, no flow control, and discards whatever
    /// the device had buffered (so a host never reads bytes written before it came).
    public static func open(path: String, baudRate: Int) throws(PortError) -> FileChannel {
        guard let speed = BaudRate.speed(for: baudRate) else {
            let rates = supportedBaudRates.map(String.init).joined(separator: ", ")
            throw PortError(
                kind: .unsupportedBaudRate, path: path,
                detail: "unsupported baud rate \(baudRate); supported: \(rates)")
        }
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor.open(path, .readWrite, options: [.noControllingTerminal, .nonBlocking])
        } catch {
            throw PortError.openFailed(path: path, errno: error.code)
        }
        do throws(PortError) {
            try configure(descriptor.rawValue, path: path, speed: speed, baudRate: baudRate)
        } catch {
            try? descriptor.close()
            throw error
        }
        return FileChannel(descriptor: descriptor, label: path, transport: .terminal)
    }

    private static func configure(_ descriptor: Int32, path: String, speed: speed_t, baudRate: Int) throws(PortError) {
        guard isatty(descriptor) == 1 else {
            throw PortError(kind: .configure, path: path, errno: ENOTTY, detail: "not a terminal")
        }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            throw PortError(kind: .configure, path: path, errno: errno)
        }
        makeRaw(&settings)
        guard cfsetispeed(&settings, speed) == 0, cfsetospeed(&settings, speed) == 0 else {
            throw PortError(
                kind: .unsupportedBaudRate, path: path, errno: errno,
                detail: "the system rejected baud rate \(baudRate)")
        }
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else {
            let code = errno
            // A driver that cannot do the rate refuses the whole tcsetattr with EINVAL.
            if code == EINVAL {
                throw PortError(
                    kind: .unsupportedBaudRate, path: path, errno: code,
                    detail: "the device rejected baud rate \(baudRate)")
            }
            throw PortError(kind: .configure, path: path, errno: code)
        }
        guard tcflush(descriptor, TCIOFLUSH) == 0 else {
            throw PortError(kind: .configure, path: path, errno: errno)
        }
    }
}
