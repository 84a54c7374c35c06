public import FoundationEssentials
public import SwivelProtocol

extension DockAccessory {
    /// Who the accessory is, as DockKit's `DockAccessory.Identifier`.
    public struct Identifier: Hashable, Sendable, CustomStringConvertible {
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

    /// A dock or undock, as DockKit's `DockAccessory.StateChange`.
    public struct StateChange: Sendable, CustomStringConvertible {
        public enum State: Equatable, Sendable, CustomStringConvertible {
            case docked, undocked

            public var description: String { self == .docked ? "docked" : "undocked" }
        }

        public let state: State
        /// The accessory docked or undocked. Optional as in DockKit; SwivelKit always sets it.
        public let accessory: DockAccessory?
        /// The change came from the stand's tracking button toggling system tracking.
        public let trackingButtonEnabled: Bool
        /// Whether system tracking is on after this change: what DockKit's
        /// `trackingButtonEnabled` means (the button's state), for SwivelDockKit.
        public let isSystemTrackingEnabled: Bool

        public init(state: State, accessory: DockAccessory?, trackingButtonEnabled: Bool, isSystemTrackingEnabled: Bool = true) {
            self.state = state
            self.accessory = accessory
            self.trackingButtonEnabled = trackingButtonEnabled
            self.isSystemTrackingEnabled = isSystemTrackingEnabled
        }

        public var description: String {
            "\(state)" + (accessory.map { ": \($0.identifier.name)" } ?? "") + (trackingButtonEnabled ? " (tracking button)" : "")
        }
    }
}
