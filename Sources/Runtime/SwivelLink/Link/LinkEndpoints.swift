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
    /// The on-board vision co-processor's link: observations for system tracking.
    public var vision: Serial?

    public init(socketPath: String?, serial: Serial?, vision: Serial? = nil) {
        self.socketPath = socketPath
        self.serial = serial
        self.vision = vision
    }

    public static let installedSocketPath = "/run/swivel/swivel.sock"
    public static let simulatedSocketPath = "/tmp/swivel.sock"
    public static let ptySymlinkPath = "/tmp/swivel-host"
    /// A simulated board's vision pty, where `make run`'s camera writes.
    public static let visionSymlinkPath = "/tmp/swivel-vision"
    /// Any other board's: inside the service's RuntimeDirectory, so that
    /// swivel-vision.service reaches it (swiveld.service's /tmp is private).
    public static let installedVisionSymlinkPath = "/run/swivel/vision"
}

/// What the link thread publishes for the status line and the summary.
public struct LinkServerStatus: Equatable, Sendable {
    public var hub = LinkStatistics()
    /// The path a serial host should open (the pty's link, or the device).
    public var serialPath: String?
    /// The path the vision co-processor (or the simulated camera) opens.
    public var visionPath: String?
    public var serialOpen = false
    public var serialReopens: UInt64 = 0
    public var socketPath: String?
    /// Connections taken off the listen queue only to be told the daemon is out
    /// of file descriptors, and closed.
    public var refusedAtDescriptorLimit: UInt64 = 0
    /// Service rounds of the link thread since start (each one a poll and the work it found).
    public var rounds: UInt64 = 0

    public init() {}
}
