import SwivelHardware
import SwivelPorts

/// One serial endpoint of the link thread (the host link or the vision link):
/// a pty pair or a device, the session on it, and reopening a device that
/// disappeared. Confined to the link thread.
final class SerialLink {
    let endpoint: LinkEndpoints.Serial
    let role: SessionRole
    private(set) var pty: PseudoTerminalPair?
    private(set) var channel: FileChannel?
    private(set) var session: SessionID?
    private var reopenAt: MonotonicInstant?
    private(set) var reopens: UInt64 = 0
    /// What a peer opens: the pty's link (or its device) or the serial device.
    let path: String

    static let reopenIntervalNanoseconds: Int64 = 1_000_000_000

    init(_ endpoint: LinkEndpoints.Serial, role: SessionRole, hub: LinkHub, at now: MonotonicInstant) throws(PortError) {
        self.endpoint = endpoint
        self.role = role
        switch endpoint {
        case .pty(let symlink):
            let pair = try PseudoTerminalPair.open(symlinkAt: symlink)
            pty = pair
            channel = pair.primary
            path = pair.symlinkPath ?? pair.secondaryPath
        case .device(let devicePath, let baudRate):
            channel = try SerialPort.open(path: devicePath, baudRate: baudRate)
            path = devicePath
        }
        if let channel { session = hub.openSession(label: channel.label, role: role, at: now) }
    }

    var isOpen: Bool { channel != nil }

    /// The device vanished (a USB adapter pulled out): its session ends, and
    /// `reopenIfDue` tries again every second.
    func closeAfterFailure(hub: LinkHub, at now: MonotonicInstant) {
        guard let channel else { return }
        if let session { hub.closeSession(session, at: now) }
        channel.close()
        self.channel = nil
        session = nil
        reopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
        Log.warning("serial link \(channel.label) closed; reopening it every second until it returns")
    }

    func reopenIfDue(hub: LinkHub, at now: MonotonicInstant) {
        guard channel == nil, let due = reopenAt, now >= due, case .device(let devicePath, let baudRate) = endpoint else { return }
        do {
            let reopened = try SerialPort.open(path: devicePath, baudRate: baudRate)
            channel = reopened
            session = hub.openSession(label: reopened.label, role: role, at: now)
            reopenAt = nil
            reopens &+= 1
            Log.notice("serial link \(devicePath) is back")
        } catch {
            reopenAt = now.advanced(byNanoseconds: Self.reopenIntervalNanoseconds)
        }
    }

    /// After a write timed out: nobody drains a pty, so drop what is queued there.
    func discardIfPty(_ written: FileChannel) {
        if let pty, written === pty.primary { pty.discardPendingOutput() }
    }

    func close(hub: LinkHub, at now: MonotonicInstant) {
        if let session { hub.closeSession(session, at: now) }
        channel?.close()
        pty?.close()
        channel = nil
        session = nil
    }
}
