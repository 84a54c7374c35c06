import SwivelBoard
import SwivelHardware
import SwivelRuntime

/// Turns the options and the board into the link's endpoints and identity.
enum LinkSetup {
    static func endpoints(options: Options, board: Board, simulated: Bool) -> LinkEndpoints {
        let boardSerial = board.serialPorts.first { $0.role == .host }
        let device = options.serial ?? boardSerial?.device
        let serial: LinkEndpoints.Serial?
        switch device {
        case nil, "none"?:
            serial = nil
        case "pty"?:
            serial = .pty(symlink: options.ptyLink ?? LinkEndpoints.ptySymlinkPath)
        case let path?:
            serial = .device(path: path, baudRate: options.baudRate ?? boardSerial?.baud ?? 921_600)
        }
        let socket: String?
        switch options.socketPath {
        case "none"?: socket = nil
        case let path?: socket = path
        case nil: socket = simulated ? LinkEndpoints.simulatedSocketPath : LinkEndpoints.installedSocketPath
        }
        return LinkEndpoints(socketPath: socket, serial: serial)
    }

    static func configuration(board: Board) -> LinkConfiguration {
        let (uuid, stable) = DeviceIdentity.uuid(boardName: board.name)
        if !stable { Log.warning("no /etc/machine-id: this stand's UUID is random and will change at the next start") }
        let configuration = LinkConfiguration(identity: DeviceIdentity.identity(
            board: board, uuid: uuid, heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50))
        Log.debug("identity: \(board.name), uuid \(uuid), firmware \(SwivelVersion.string)")
        return configuration
    }

    static func describe(_ status: LinkServerStatus) -> String {
        var parts: [String] = []
        if let path = status.serialPath { parts.append("serial \(path)") }
        if let path = status.socketPath { parts.append("socket \(path)") }
        return parts.isEmpty ? "no host link" : parts.joined(separator: ", ")
    }

    /// The status line's link segment.
    static func segment(_ status: LinkServerStatus) -> String {
        let hub = status.hub
        var text = hub.sessionsDocked == 0 ? "no host" : "\(hub.sessionsDocked) host\(hub.sessionsDocked == 1 ? "" : "s")"
        if hub.sessionsDocked > 0 { text += hub.systemTrackingEnabled ? " (system tracking)" : " (manual)" }
        if hub.framesDropped > 0 { text += ", \(hub.framesDropped) bad frames" }
        return text
    }
}
