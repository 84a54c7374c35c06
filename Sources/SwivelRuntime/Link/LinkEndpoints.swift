/// Where the daemon listens for hosts.
public struct LinkEndpoints: Sendable, Equatable {
    public enum Serial: Sendable, Equatable {
        /// A pseudo-terminal pair; the host side is linked at `symlink`.
        case pty(symlink: String?)
        case device(path: String, baudRate: Int)
    }

    /// The Unix socket path; nil for none.
    public var socketPath: String?
    public var serial: Serial?

    public init(socketPath: String?, serial: Serial?) {
        self.socketPath = socketPath
        self.serial = serial
    }

    public static let installedSocketPath = "/run/swivel/swivel.sock"
    public static let simulatedSocketPath = "/tmp/swivel.sock"
    public static let ptySymlinkPath = "/tmp/swivel-host"
}

/// What the link thread publishes for the status line and the summary.
public struct LinkServerStatus: Equatable, Sendable {
    public var hub = LinkStatistics()
    /// The path a serial host should open (the pty's link, or the device).
    public var serialPath: String?
    public var serialOpen = false
    public var serialReopens: UInt64 = 0
    public var socketPath: String?
    /// Writes that timed out (a peer not reading); the peer resynchronises at the next frame.
    public var writeTimeouts: UInt64 = 0

    public init() {}
}
