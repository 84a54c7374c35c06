#if os(Linux)
import Glibc
import SwivelPOSIX
public import SwivelHardware

/// Batteries and supplies from the Linux power_supply class: each read opens
/// the few files of /sys/class/power_supply/<name>, so a supply that vanishes
/// and comes back (a grip battery) is simply read again. Allocates and does
/// I/O: for the link thread's once-a-second poll, never for a tick.
public final class SysfsPowerSupply: PowerSupplySource {
    /// The class directory; a test points it at a temporary tree.
    public let root: String

    public static let defaultRoot = "/sys/class/power_supply"

    public init(root: String = SysfsPowerSupply.defaultRoot) {
        self.root = root
    }

    public func read(_ name: String) throws(PowerSupplyError) -> BatteryReading {
        try attributes(of: name).reading(supply: name)
    }

    /// The raw files of supply `name`.
    public func attributes(of name: String) throws(PowerSupplyError) -> PowerSupplyAttributes {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
            throw PowerSupplyError(.malformed, supply: name, "a power supply is named by its directory in \(root), such as BAT0")
        }
        let directory = root + "/" + name
        switch FileSystem.kind(of: directory) {
        case .success(.directory):
            break
        case .success:
            throw PowerSupplyError(.missing, supply: name, "\(directory) is not a directory")
        case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR:
            throw PowerSupplyError(.missing, supply: name, "\(directory) does not exist (not present, or removed)")
        case .failure(let error):
            throw PowerSupplyError(.unreadable, supply: name, "cannot look at \(directory): \(error.numberedDescription)")
        }
        let type = try text(directory, "type", supply: name)
        guard type != nil || FileSystem.isDirectory(directory) else {
            throw PowerSupplyError(.missing, supply: name, "\(directory) vanished while it was read")
        }
        return PowerSupplyAttributes(
            type: type, capacity: try text(directory, "capacity", supply: name),
            status: try text(directory, "status", supply: name),
            capacityLevel: try text(directory, "capacity_level", supply: name),
            online: try text(directory, "online", supply: name))
    }

    /// One attribute's first line, trimmed; nil when the file is absent or the
    /// driver has no value for it now (a gauge answers ENODATA while it calibrates).
    private func text(_ directory: String, _ file: String, supply: String) throws(PowerSupplyError) -> String? {
        let path = directory + "/" + file
        let raw: String
        do {
            raw = try FileSystem.readText(path, maximumBytes: 256)
        } catch {
            if error.code == ENOENT || error.code == ENODATA || error.code == ENODEV { return nil }
            throw PowerSupplyError(.unreadable, supply: supply, "cannot read \(path): \(error.numberedDescription)")
        }
        let firstLine = raw.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(firstLine).trimmingSpaces
    }
}
#endif
