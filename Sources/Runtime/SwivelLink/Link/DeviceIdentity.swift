#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SwivelBoard
import SwivelCore
import SwivelPOSIX
public import SwivelProtocol

/// The identity a stand announces in IDENTITY.
///
/// The UUID, in order of precedence:
/// 1. the state file `<stateDirectory>/device-uuid`, made once the first time
///    the daemon runs with a state directory, and read at every start after
///    (survives reboots, reinstalls and board edits);
/// 2. without a state directory, /etc/machine-id mixed with the board's name;
/// 3. without a machine-id either, random per run (`isStable` false).
///
/// A new state file holds the UUID of step 2 when there is a machine-id (a
/// random one only without): a start that found the state directory missing,
/// read-only or full announced that same UUID, so the stand never announces
/// two identities, whichever start first manages to write the file. With a
/// state directory but neither a writable one nor a machine-id, nothing
/// would survive a restart: that is an error, not a random UUID.
/// A state file that exists but does not hold a UUID (or holds the all-zero
/// one, or is no regular file) is an error, never replaced: a stand whose
/// identity changed is a stranger to its hosts.
public enum DeviceIdentity {
    /// Where a stand's UUID came from.
    public enum Source: Equatable, Sendable {
        /// Read from the state file.
        case stateFile(path: String)
        /// Made now and written to the state file.
        case createdStateFile(path: String)
        case machineID
        case random
    }

    public struct ResolvedUUID: Equatable, Sendable {
        public var uuid: WireUUID
        public var source: Source
        /// Why the state directory was not used, when one was given; for a log line.
        public var fallbackReason: String?

        /// True when the next start announces the same UUID.
        public var isStable: Bool { source != .random }
    }

    /// The UUID by the precedence above. Throws for a state file that exists
    /// and cannot be read or does not hold a UUID, and for a state directory
    /// that cannot keep one when there is no machine-id to fall back on.
    public static func resolveUUID(
        boardName: String, stateDirectory: String?, machineIDPath: String = "/etc/machine-id"
    ) throws(DeviceIdentityError) -> ResolvedUUID {
        let machine = uuid(boardName: boardName, machineIDPath: machineIDPath)
        guard let stateDirectory else {
            return ResolvedUUID(uuid: machine.uuid, source: machine.isStable ? .machineID : .random)
        }
        let path = stateDirectory + "/" + DeviceUUIDFile.name
        if case .found(let uuid) = try DeviceUUIDFile.load(path) {
            return ResolvedUUID(uuid: uuid, source: .stateFile(path: path))
        }
        let fallbackReason: String
        if isDirectory(stateDirectory) {
            do {
                try DeviceUUIDFile.writeAtomically(machine.uuid, to: path, directory: stateDirectory)
                return ResolvedUUID(uuid: machine.uuid, source: .createdStateFile(path: path))
            } catch {
                fallbackReason = error.description
            }
        } else {
            fallbackReason = "the state directory \(stateDirectory) does not exist"
        }
        guard machine.isStable else {
            throw DeviceIdentityError(
                path: path,
                reason: "cannot be kept (\(fallbackReason)), and without /etc/machine-id any other UUID would change at "
                    + "every start; make the state directory writable")
        }
        return ResolvedUUID(uuid: machine.uuid, source: .machineID, fallbackReason: fallbackReason)
    }

    private static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// RFC 9562 version 4.
    static func randomUUID() -> WireUUID {
        var random = (0..<16).map { _ in UInt8.random(in: 0...255) }
        random[6] = (random[6] & 0x0F) | 0x40
        random[8] = (random[8] & 0x3F) | 0x80
        return WireUUID(bytes: random) ?? .zero
    }

    /// The UUID comes from /etc/machine-id (systemd writes it once per install)
    /// mixed with the board's name, so it survives reboots and reinstalls of
    /// Swivel but differs between two boards on one machine. Without a
    /// machine-id it is random per run, and `isStable` says so.
    public static func uuid(boardName: String, machineIDPath: String = "/etc/machine-id") -> (uuid: WireUUID, isStable: Bool) {
        guard let bytes = readSmallFile(machineIDPath),
            case let text = String(decoding: bytes, as: UTF8.self).filter({ !$0.isWhitespace }),
            !text.isEmpty
        else {
            return (randomUUID(), false)
        }
        return (derived(from: Array(text.utf8) + [0] + Array(boardName.utf8)), true)
    }

    /// Plain libc, not FoundationEssentials: with memory locked, every
    /// megabyte of binary the daemon links is a megabyte of resident memory.
    private static func readSmallFile(_ path: String, limit: Int = 4096) -> [UInt8]? {
        guard let file = try? SmallFile.readRegular(path, maximumBytes: limit), !file.bytes.isEmpty else { return nil }
        return file.bytes
    }

    /// A version-8 (RFC 9562, vendor-defined) UUID from two FNV-1a-64 hashes.
    public static func derived(from input: [UInt8]) -> WireUUID {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in input {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        var bytes = withUnsafeBytes(of: fnv(0xcbf2_9ce4_8422_2325).bigEndian) { Array($0) }
        bytes += withUnsafeBytes(of: fnv(0x8422_2325_cbf2_9ce4).bigEndian) { Array($0) }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return WireUUID(bytes: bytes) ?? .zero
    }

    /// What this firmware implements on every board. Batteries and accessory
    /// events join with the hardware that produces them (`capabilities(for:)`).
    public static let capabilities: Capabilities = [
        .angularVelocity, .orientation, .animation, .limits, .systemTrackingSwitch, .customTracking, .framingModes,
        .regionOfInterest, .subjectSelection, .trackingStates,
    ]

    /// `capabilities`, plus `.batteries` when the board has a battery and
    /// `.accessoryEvents` when it has a button or turns gestures on.
    public static func capabilities(for board: Board) -> Capabilities {
        var result = capabilities
        if !board.batteryNames.isEmpty { result.insert(.batteries) }
        if !board.buttons.isEmpty || board.gesturesEnabled { result.insert(.accessoryEvents) }
        return result
    }

    public static func identity(
        board: Board, uuid: WireUUID, heartbeatTimeoutMilliseconds: UInt16, motionStateRateHz: UInt16
    ) -> Identity {
        var axes = AxisSet()
        if board.axes.pitch != nil { axes.insert(.pitch) }
        if board.axes.yaw != nil { axes.insert(.yaw) }
        if board.axes.roll != nil { axes.insert(.roll) }
        return Identity(
            uuid: uuid, axes: axes, capabilities: capabilities(for: board), heartbeatTimeoutMilliseconds: heartbeatTimeoutMilliseconds,
            motionStateRateHz: motionStateRateHz, trackingStateRateHz: 10, name: board.name,
            firmwareVersion: FirmwareVersion.string, hardwareModel: board.hardwareModel)
    }
}
