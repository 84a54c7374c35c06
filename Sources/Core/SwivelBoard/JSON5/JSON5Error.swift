/// Why a JSON5 text was rejected. Parsing stops at the first error.
public struct JSON5Error: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        case syntax
        /// The same key twice in one object; `message` names both lines.
        case duplicateKey
        /// Containers nested deeper than the parser's bound.
        case tooDeep
        /// Input larger than the parser's bound.
        case tooLarge
    }

    public var kind: Kind
    public var position: JSON5Position
    /// What was expected and what was found, without the position.
    public var message: String
    /// The member or element being parsed, e.g. `axes.yaw` or `serial[0].baud`;
    /// empty at the top level. For a duplicate key, the path of the duplicate.
    public var keyPath: String

    public init(_ kind: Kind, at position: JSON5Position, _ message: String, keyPath: String = "") {
        self.kind = kind
        self.position = position
        self.message = message
        self.keyPath = keyPath
    }

    public var description: String { "\(position): \(message)" }
}
