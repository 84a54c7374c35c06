/// Where the tracked subject sits in the frame (inside the region of interest).
public enum FramingMode: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    /// The runtime decides.
    case automatic = 0
    case center = 1
    /// On the left third line.
    case left = 2
    /// On the right third line.
    case right = 3

    public var description: String {
        switch self {
        case .automatic: "automatic"
        case .center: "center"
        case .left: "left"
        case .right: "right"
        }
    }
}
