/// Why a battery could not be read, as a value the runtime logs and reports.
public struct PowerSupplyError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// No such supply: never there, or it vanished (a grip battery pulled out).
        case missing
        /// It is there but a file could not be read (permissions, I/O).
        case unreadable
        /// A file held something the kernel never writes there.
        case malformed
    }

    public var kind: Kind
    public var supply: String
    public var reason: String

    public init(_ kind: Kind, supply: String, _ reason: String) {
        self.kind = kind
        self.supply = supply
        self.reason = reason
    }

    public var description: String { "power supply '\(supply)': \(reason)" }
}
