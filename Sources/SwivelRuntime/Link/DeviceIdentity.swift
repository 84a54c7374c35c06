#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
public import SwivelBoard
import SwivelCore
public import SwivelProtocol

/// The identity a stand announces in IDENTITY.
public enum DeviceIdentity {
    /// The UUID comes from /etc/machine-id (systemd writes it once per install)
    /// mixed with the board's name, so it survives reboots and reinstalls of
    /// Swivel but differs between two boards on one machine. Without a
    /// machine-id it is random per run, and `isStable` says so.
    public static func uuid(boardName: String, machineIDPath: String = "/etc/machine-id") -> (uuid: WireUUID, isStable: Bool) {
        guard let bytes = readSmallFile(machineIDPath),
            case let text = String(decoding: bytes, as: UTF8.self).filter({ !$0.isWhitespace }),
            !text.isEmpty
        else {
            var random = (0..<16).map { _ in UInt8.random(in: 0...255) }
            random[6] = (random[6] & 0x0F) | 0x40  // version 4
            random[8] = (random[8] & 0x3F) | 0x80
            return (WireUUID(bytes: random) ?? .zero, false)
        }
        return (derived(from: Array(text.utf8) + [0] + Array(boardName.utf8)), true)
    }

    /// Plain libc, not FoundationEssentials: with memory locked, every
    /// megabyte of binary the daemon links is a megabyte of resident memory.
    private static func readSmallFile(_ path: String, limit: Int = 4096) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, limit) }
        return count > 0 ? Array(buffer.prefix(count)) : nil
    }

    /// A version-8 (RFC 9562, vendor-defined) UUID from two FNV-1a-64 hashes.
    static func derived(from input: [UInt8]) -> WireUUID {
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
    /// `.accessoryEvents` when it has a button.
    public static func capabilities(for board: Board) -> Capabilities {
        var result = capabilities
        if !board.batteryNames.isEmpty { result.insert(.batteries) }
        if !board.buttons.isEmpty { result.insert(.accessoryEvents) }
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
            firmwareVersion: SwivelVersion.string, hardwareModel: board.hardwareModel)
    }
}
