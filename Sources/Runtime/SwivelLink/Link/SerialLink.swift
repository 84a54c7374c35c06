#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware
import SwivelPorts

/// One serial endpoint of the link thread (the host link or the vision link):
/// a pty pair or a device, the session on it, and reopening a device that
/// disappeared. Confined to the link thread.
final class SerialLink {
    let endpoint: LinkEndpoints.Serial
    let role: SessionRole
    private(set) var pty: PseudoTerminalPair?
    /// The open port and its session; nil while a vanished device is away.
    private(set) var peer: LinkPeer?
    private var reopenAt: MonotonicInstant?
    private(set) var reopens: UInt64 = 0
    /// The device was not there at start: its first open is not a reopen.
    private var awaitingFirstOpen = false
    /// The last reopen failure logged, so a device that is away is one line, not one a second.
    private var loggedFailure: String?
    /// What a peer opens: the pty's link (or its device) or the serial device.
    let path: String

    static let reopenIntervalNanoseconds: Int64 = 1_000_000_000

    init(_ endpoint: LinkEndpoints.Serial, role: SessionRole, hub: LinkHub, at now: MonotonicInstant) throws(PortError) {
        self.endpoint = endpoint
        self.role = role
        let channel: FileChannel
        switch endpoint {
        case .pty(let symlink):
            let pair = try PseudoTerminalPair.open(symlinkAt: symlink)
            pty = pair
            channel = pair.primary
            path = pair.symlinkPath ?? pair.secondaryPath
        case .device(let devicePath, let baudRate):
            path = devicePath
            do {
                channel = try SerialPort.open(path: devicePath, baudRate: baudRate)
            } catch where Self.isAbsent(error) {
                // Not there yet (a USB adapter plugged in later, a udev link made
                // after the service starts) is a lost device that has not come
                // back: the daemon runs and opens it when it appears.
                awaitingFirstOpen = true
                reopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
                loggedFailure = error.description
                Log.warning("serial link \(devicePath) is not there yet (\(error)); opening it when it appears, "
                    + "trying every second")
                return
            }
        }
        peer = LinkPeer(channel: channel, session: hub.openSession(label: channel.label, role: role, at: now))
    }

    /// No device at the path (ENOENT), or a node with no device behind it
    /// (ENXIO, ENODEV): something that can appear by itself. Every other
    /// failure (not a terminal, permission denied, a baud rate the driver
    /// refuses) is the configuration's, and stops the daemon.
    static func isAbsent(_ error: PortError) -> Bool {
        guard error.kind == .open, let code = error.errno else { return false }
        return code == ENOENT || code == ENXIO || code == ENODEV
    }

    var isOpen: Bool { peer != nil }
    var channel: FileChannel? { peer?.channel }
    var session: SessionID? { peer?.session }

    /// The device vanished (a USB adapter pulled out): its session ends, and
    /// `reopenIfDue` tries again every second.
    func closeAfterFailure(hub: LinkHub, at now: MonotonicInstant) {
        guard let peer else { return }
        hub.closeSession(peer.session, at: now)
        peer.channel.close()
        self.peer = nil
        reopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
        Log.warning("serial link \(peer.channel.label) closed; reopening it every second until it returns")
    }

    func reopenIfDue(hub: LinkHub, at now: MonotonicInstant) {
        guard peer == nil, let due = reopenAt, now >= due, case .device(let devicePath, let baudRate) = endpoint else { return }
        do {
            let reopened = try SerialPort.open(path: devicePath, baudRate: baudRate)
            peer = LinkPeer(channel: reopened, session: hub.openSession(label: reopened.label, role: role, at: now))
            reopenAt = nil
            loggedFailure = nil
            if awaitingFirstOpen {
                awaitingFirstOpen = false
                Log.notice("serial link \(devicePath) is there now")
            } else {
                reopens &+= 1
                Log.notice("serial link \(devicePath) is back")
            }
        } catch {
            reopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
            // A device that came back as something else (not a terminal, no
            // permission) is said once; it is still tried every second.
            if error.description != loggedFailure, !Self.isAbsent(error) {
                Log.warning("serial link \(devicePath): \(error); still trying every second")
            }
            loggedFailure = error.description
        }
    }

    /// Nobody read the session's output (the hub threw its queue away): on a
    /// pty, also drop what waits in the pty for a host, so one that opens it
    /// later with a plain open(2) reads nothing stale. A real port drains at
    /// its baud rate by itself.
    func discardPending() {
        pty?.discardPendingOutput()
    }

    func close(hub: LinkHub, at now: MonotonicInstant) {
        if let peer {
            hub.closeSession(peer.session, at: now)
            peer.channel.close()
        }
        pty?.close()
        peer = nil
    }
}
