/// Why a board could not be turned into a running stand: what failed and the
/// reason, for a maker to act on.
public struct StandSetupError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}
