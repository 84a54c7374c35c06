#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive flock(2) on the state directory itself, held for the
/// daemon's whole life: one state directory is one stand, run by one daemon.
/// Two daemons started 2 ms apart on one empty directory both found no
/// `device-uuid` and both made one, so the stand announced two identities.
/// The directory is locked, not a file in it: a read-only directory still
/// locks, and nothing is left behind. The kernel drops the lock however the
/// holder dies.
public final class StateDirectoryLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// nil when there is no such directory (nothing is kept there, nothing to lock).
    /// - Throws: when another process holds it, or it is not a directory.
    public static func acquire(_ directory: String) throws(DeviceIdentityError) -> StateDirectoryLock? {
        // Non-blocking: whatever sits at the path, opening it never waits.
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { return nil }
            throw DeviceIdentityError(path: directory, reason: "cannot open the state directory: \(String(cString: strerror(code)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            if code == EWOULDBLOCK {
                throw DeviceIdentityError(
                    path: directory,
                    reason: "another swiveld is using this state directory (one stand, one daemon); stop it, or give this one its own --state-dir")
            }
            throw DeviceIdentityError(path: directory, reason: "cannot lock the state directory: \(String(cString: strerror(code)))")
        }
        return StateDirectoryLock(descriptor: descriptor)
    }
}
