#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the stand's daemon listens: its Unix socket, or a serial line (a
/// UART, a USB adapter, or the pty `swiveld` links at /tmp/swivel-host).
public enum SwivelEndpoint: Equatable, Hashable, Sendable, CustomStringConvertible {
    case socket(path: String)
    case serial(path: String, baudRate: Int)

    /// The rate `swiveld` uses on a host serial line.
    public static let defaultBaudRate = 921_600
    /// Where an installed `swiveld` listens.
    public static let installedSocketPath = "/run/swivel/swivel.sock"
    /// Where `swiveld` on the simulated board (`make run`) listens.
    public static let developmentSocketPath = "/tmp/swivel.sock"

    /// `$SWIVEL_SOCKET` when set and not empty, else the installed socket if it
    /// exists, else the development socket.
    public static func defaultSocket(
        environment: [String: String], fileExists: (String) -> Bool
    ) -> SwivelEndpoint {
        if let path = environment["SWIVEL_SOCKET"], !path.isEmpty { return .socket(path: path) }
        if fileExists(installedSocketPath) { return .socket(path: installedSocketPath) }
        return .socket(path: developmentSocketPath)
    }

    /// `defaultSocket(environment:fileExists:)` with this process's environment and file system.
    public static func defaultSocket() -> SwivelEndpoint {
        var environment: [String: String] = [:]
        if let value = getenv("SWIVEL_SOCKET") { environment["SWIVEL_SOCKET"] = String(cString: value) }
        return defaultSocket(environment: environment) { access($0, F_OK) == 0 }
    }

    public var path: String {
        switch self {
        case .socket(let path), .serial(let path, _): path
        }
    }

    public var description: String {
        switch self {
        case .socket(let path): path
        case .serial(let path, let rate): "\(path) at \(rate) baud"
        }
    }
}
