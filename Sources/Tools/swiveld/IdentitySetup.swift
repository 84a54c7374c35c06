#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelProtocol
import SwivelRuntime

/// Chooses the state directory and resolves the stand's UUID from it (see
/// DeviceIdentity for the precedence), logging where it came from.
enum IdentitySetup {
    static let defaultStateDirectory = "/var/lib/swivel"

    /// `--state-dir` when given ("none": no state directory); else, on real
    /// hardware, systemd's $STATE_DIRECTORY (StateDirectory=swivel) or
    /// /var/lib/swivel. A simulated board keeps no state unless asked: a desk
    /// run should not leave files behind.
    static func stateDirectory(options: Options, board: Board) -> String? {
        switch options.stateDirectory {
        case "none"?: return nil
        case let path?: return path
        case nil:
            guard board.backend != .simulated else { return nil }
            // systemd joins several StateDirectory= entries with ':'; ours is the first.
            if let value = getenv("STATE_DIRECTORY"), let first = String(cString: value).split(separator: ":").first {
                return String(first)
            }
            return defaultStateDirectory
        }
    }

    /// The UUID, and the state directory's lock, which the daemon holds until it exits.
    struct Identity {
        var uuid: WireUUID
        var lock: StateDirectoryLock?
    }

    static func identity(options: Options, board: Board) throws(DeviceIdentityError) -> Identity {
        let directory = stateDirectory(options: options, board: board)
        let lock = try directory.flatMap { (path) throws(DeviceIdentityError) in try StateDirectoryLock.acquire(path) }
        let resolved = try DeviceIdentity.resolveUUID(boardName: board.name, stateDirectory: directory)
        if let reason = resolved.fallbackReason {
            // Loud: hosts know a stand by this UUID. It is the one the state file will get.
            Log.error(
                "cannot keep the stand's UUID in its state directory (\(reason)); announcing \(resolved.uuid), derived from "
                    + "/etc/machine-id and the board name, which the state file will hold once it can be written")
        }
        switch resolved.source {
        case .stateFile(let path): Log.debug("uuid \(resolved.uuid) from \(path)")
        case .createdStateFile(let path): Log.info("new stand identity: uuid \(resolved.uuid), kept in \(path)")
        case .machineID: Log.debug("uuid \(resolved.uuid) from /etc/machine-id and the board name")
        case .random: Log.warning("no /etc/machine-id: this stand's UUID is random and will change at the next start")
        }
        return Identity(uuid: resolved.uuid, lock: lock)
    }
}
