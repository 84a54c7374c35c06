public import FoundationEssentials
public import SwivelProtocol

extension StandSession {
    /// Who the stand is, from its IDENTITY.
    public struct Identity: Hashable, Sendable, CustomStringConvertible {
        public enum Category: Hashable, Sendable, CustomStringConvertible {
            case trackingStand

            public var description: String { "trackingStand" }
        }

        public var name: String
        public var category: Category
        /// Stable across reboots of the same stand.
        public var uuid: UUID

        public init(name: String, category: Category, uuid: UUID) {
            self.name = name
            self.category = category
            self.uuid = uuid
        }

        public var description: String { "\(name) (\(category), \(uuid))" }
    }

    /// What the stand implements, from its IDENTITY (the wire's own bit set). A
    /// host greys out what is missing instead of discovering it through `notSupported`.
    public typealias Capabilities = SwivelProtocol.Capabilities

    /// A session docked or undocked, or the stand's tracking button toggled
    /// system tracking (DOCK_STATE).
    public struct Change: Sendable, CustomStringConvertible {
        public enum Kind: Equatable, Sendable, CustomStringConvertible {
            case docked, undocked

            public var description: String { self == .docked ? "docked" : "undocked" }
        }

        public let kind: Kind
        /// The session that docked or undocked; set on every change SwivelKit makes.
        public let session: StandSession?
        /// The change came from the stand's tracking button toggling system tracking.
        public let byTrackingButton: Bool
        /// Whether system tracking is on after this change.
        public let isSystemTrackingEnabled: Bool

        public init(kind: Kind, session: StandSession?, byTrackingButton: Bool, isSystemTrackingEnabled: Bool = true) {
            self.kind = kind
            self.session = session
            self.byTrackingButton = byTrackingButton
            self.isSystemTrackingEnabled = isSystemTrackingEnabled
        }

        public var description: String {
            "\(kind)" + (session.map { ": \($0.identity.name)" } ?? "") + (byTrackingButton ? " (tracking button)" : "")
        }
    }
}
