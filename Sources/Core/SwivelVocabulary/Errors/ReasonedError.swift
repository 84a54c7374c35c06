/// An error that is a kind to switch on and a sentence a maker can act on.
/// The hardware layer, its I2C buses and the real-time loop each say what
/// went wrong this way; each names its own kinds (`HardwareErrorKind`, ...)
/// and shares this one shape, printed as "kind: reason".
public struct ReasonedError<Kind: RawRepresentable & Hashable & Sendable>: Error, Equatable, Sendable, CustomStringConvertible
where Kind.RawValue == String {
    public var kind: Kind
    public var reason: String

    public init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    public var description: String { "\(kind.rawValue): \(reason)" }
}
