#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// A pseudo-terminal for the simulated stand: the daemon reads and writes
/// `primary`; a host opens `secondaryPath` (or `symlinkPath`) as if it were a
/// serial port, and may close and reopen it any number of times.
///
/// The pair keeps its own descriptor on the secondary open for its whole life and
/// never reads it. Without that, Linux fails reads on the primary with EIO whenever
/// no host has the secondary open, and the daemon could not tell "no host yet"
/// from a broken link.
///
/// Because of that descriptor, bytes the daemon writes while no host is connected
/// wait in the secondary's input queue instead of being dropped. `SerialPort.open`
/// discards them when a host opens the path; `discardPendingOutput()` discards them
/// from the daemon's side.
///
/// @unchecked Sendable: made on one thread and handed to the daemon's link thread,
/// which then owns it; `close()` must come from the owner.
public final class PseudoTerminalPair: @unchecked Sendable {
    public let primary: FileChannel
    /// The secondary's device, e.g. /dev/pts/5.
    public let secondaryPath: String
    /// The stable path that points at `secondaryPath`, when one was asked for.
    public let symlinkPath: String?

    /// -1 once closed.
    private var secondaryDescriptor: FileDescriptor
    private let symlink: OwnedSymlink?
    /// Held while the symlink is this pair's, so another daemon cannot take it over.
    private let symlinkLock: PathLock?

    private init(
        primary: FileChannel, secondaryDescriptor: FileDescriptor, secondaryPath: String, symlink: OwnedSymlink?, symlinkLock: PathLock?
    ) {
        self.primary = primary
        self.secondaryDescriptor = secondaryDescriptor
        self.secondaryPath = secondaryPath
        self.symlink = symlink
        self.symlinkLock = symlinkLock
        symlinkPath = symlink?.path
    }

    deinit {
        close()
    }

    /// Opens a pty pair in raw mode, the primary non-blocking.
    /// - Parameter symlinkAt: a path to point at the secondary (e.g. /tmp/swivel-host).
    ///   A symlink already there is replaced unless a live process holds its lock
    ///   (`<symlinkAt>.lock`, held while the pair is open): that is another daemon's
    ///   link, and taking it is an error, as is a file, directory or anything else
    ///   there, or a missing parent directory.
    public static func open(symlinkAt: String? = nil) throws(PortError) -> PseudoTerminalPair {
        var settings = termios()
        makeRaw(&settings)
        var primaryDescriptor: Int32 = -1
        var secondaryDescriptor: Int32 = -1
        guard openpty(&primaryDescriptor, &secondaryDescriptor, nil, &settings, nil) == 0 else {
            throw PortError.openFailed(path: "/dev/ptmx", errno: errno)
        }
        let primaryEnd = FileDescriptor(rawValue: primaryDescriptor)
        let secondaryEnd = FileDescriptor(rawValue: secondaryDescriptor)
        func closeBoth() {
            try? primaryEnd.close()
            try? secondaryEnd.close()
        }
        do throws(Errno) {
            try primaryEnd.setCloseOnExec()
            try secondaryEnd.setCloseOnExec()
            try primaryEnd.setNonBlocking()
        } catch {
            closeBoth()
            throw PortError(kind: .configure, path: "/dev/ptmx", errno: error.code)
        }
        let capacity = 256
        var name = [CChar](repeating: 0, count: capacity)
        let named = ttyname_r(secondaryDescriptor, &name, capacity)
        guard named == 0 else {
            closeBoth()
            throw PortError(kind: .open, path: "/dev/ptmx", errno: named, detail: "cannot name the pty's secondary")
        }
        let secondaryPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var symlink: OwnedSymlink?
        var symlinkLock: PathLock?
        if let symlinkAt {
            do throws(PortError) {
                try OwnedSymlink.checkParent(of: symlinkAt)
                symlinkLock = try PathLock.acquire(guarding: symlinkAt)
                symlink = try OwnedSymlink.create(at: symlinkAt, pointingTo: secondaryPath)
            } catch {
                symlinkLock?.release()
                closeBoth()
                throw error
            }
        }
        let primary = FileChannel(descriptor: primaryEnd, label: "pty \(secondaryPath)", transport: .terminal)
        return PseudoTerminalPair(
            primary: primary, secondaryDescriptor: secondaryEnd, secondaryPath: secondaryPath, symlink: symlink,
            symlinkLock: symlinkLock)
    }

    /// Drops bytes the daemon wrote that no host has read yet. Call it when a write
    /// to `primary` times out (the queue is full because no host is draining it), or
    /// when the daemon decides its host has gone, so a host that opens the secondary
    /// with a plain open(2) rather than `SerialPort.open` does not read stale frames.
    public func discardPendingOutput() {
        guard secondaryDescriptor.rawValue >= 0 else { return }
        // The daemon's output is the secondary's input queue.
        tcflush(secondaryDescriptor.rawValue, TCIFLUSH)
    }

    /// Closes both sides and removes the symlink. Safe to call more than once.
    public func close() {
        primary.close()
        guard secondaryDescriptor.rawValue >= 0 else { return }
        try? secondaryDescriptor.close()
        secondaryDescriptor = FileDescriptor(rawValue: -1)
        symlink?.remove()
        symlinkLock?.release()
    }
}
