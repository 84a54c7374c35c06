/// Every failure of the hardware layer, as a value with the reason a maker needs.
public struct HardwareError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case chipNotFound
        case lineOutOfRange
        case lineBusy
        case permissionDenied
        case invalidConfiguration
        case ioFailure
    }

    public var kind: Kind
    public var reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(kind.rawValue): \(reason)" }
}
