#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelHardware
import SwivelProtocol
import SwivelRuntime

/// Turns the options and the board into the link's endpoints and identity.
enum LinkSetup {
    static func endpoints(options: Options, board: Board, simulated: Bool) -> LinkEndpoints {
        let serial = port(
            role: .host, board: board, override: options.serial, link: options.ptyLink ?? LinkEndpoints.ptySymlinkPath,
            baudRate: options.baudRate)
        let vision = port(
            role: .vision, board: board, override: options.vision,
            link: options.visionLink
                ?? (simulated ? LinkEndpoints.visionSymlinkPath : LinkEndpoints.installedVisionSymlinkPath),
            baudRate: nil)
        let socket: String?
        switch options.socketPath {
        case "none"?: socket = nil
        case let path?: socket = path
        case nil: socket = simulated ? LinkEndpoints.simulatedSocketPath : LinkEndpoints.installedSocketPath
        }
        return LinkEndpoints(socketPath: socket, serial: serial, vision: vision)
    }

    private static func port(
        role: Board.SerialPort.Role, board: Board, override: String?, link: String, baudRate: Int?
    ) -> LinkEndpoints.Serial? {
        let entry = board.serialPorts.first { $0.role == role }
        switch override ?? entry?.device {
        case nil, "none"?: return nil
        case "pty"?: return .pty(symlink: link)
        case let path?: return .device(path: path, baudRate: baudRate ?? entry?.baud ?? 921_600)
        }
    }

    static func configuration(board: Board, uuid: WireUUID, options: Options) -> LinkConfiguration {
        let configuration = LinkConfiguration(
            identity: DeviceIdentity.identity(board: board, uuid: uuid, heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50),
            maximumSessions: options.maximumSessions ?? LinkConfiguration.defaultMaximumSessions,
            fieldOfView: board.camera, gesturesEnabled: board.gesturesEnabled)
        Log.debug("identity: \(board.name), uuid \(uuid), firmware \(FirmwareVersion.string)")
        return configuration
    }

    /// How to reach this daemon with swivelctl: the one built beside swiveld when
    /// there is one, and SWIVEL_SOCKET only when the socket is not the default.
    static func swivelctlCommand(socket: String) -> String {
        var parts = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        let sibling = parts.isEmpty ? "swivelctl" : parts.joined(separator: "/") + "/swivelctl"
        let program = access(sibling, X_OK) == 0 ? sibling : "swivelctl"
        // swivelctl tries the installed socket first, then the simulated board's.
        let isDefault = socket == LinkEndpoints.installedSocketPath
            || (socket == LinkEndpoints.simulatedSocketPath && access(LinkEndpoints.installedSocketPath, F_OK) != 0)
        return isDefault ? program : "SWIVEL_SOCKET=\(socket) \(program)"
    }

    static func describe(_ status: LinkServerStatus) -> String {
        var parts: [String] = []
        if let path = status.serialPath { parts.append("serial \(path)") }
        if let path = status.visionPath { parts.append("vision \(path)") }
        if let path = status.socketPath { parts.append("socket \(path)") }
        return parts.isEmpty ? "no host link" : parts.joined(separator: ", ")
    }

    /// The summary's link line.
    static func summary(_ status: LinkServerStatus) -> String {
        let hub = status.hub
        var line = "  host link: \(hub.dockings) session\(hub.dockings == 1 ? "" : "s"), \(hub.framesReceived) frames in"
        // Every host message answered, heartbeats and queries too: the refused
        // include the stand's own refusals counted on the line above.
        line += ", \(hub.commandsApplied) messages acknowledged, \(hub.commandsRejected) answered with an error"
        line += ", \(hub.duplicatesAnswered) retransmissions answered, \(hub.framesDropped) bad frames dropped"
        if hub.heartbeatTimeouts > 0 { line += ", \(hub.heartbeatTimeouts) heartbeat timeouts" }
        let refused = hub.sessionsRefused &+ status.refusedAtDescriptorLimit
        if refused > 0 { line += ", \(refused) connections refused" }
        if hub.helloTimeouts > 0 { line += ", \(hub.helloTimeouts) closed without HELLO" }
        if hub.slowConsumers > 0 { line += ", \(hub.slowConsumers) slow consumers" }
        if status.serialReopens > 0 { line += ", serial reopened \(status.serialReopens)×" }
        return line
    }

    /// The status line's link segment: tracking on or off first, since with
    /// it off (the `t` key, a host) the stand holds still however the subject
    /// moves, then the hosts.
    static func segment(_ status: LinkServerStatus) -> String {
        var text = stateSegment(status)
        if status.hub.framesDropped > 0 { text += ", \(status.hub.framesDropped) bad frames" }
        return text
    }

    /// The segment without its counters: what a change of is worth a line in the journal.
    static func stateSegment(_ status: LinkServerStatus) -> String {
        let hub = status.hub
        let hosts = hub.sessionsDocked == 0 ? "no host" : "\(hub.sessionsDocked) host\(hub.sessionsDocked == 1 ? "" : "s")"
        return "tracking \(hub.systemTrackingEnabled ? "on" : "off"), \(hosts)"
    }
}
