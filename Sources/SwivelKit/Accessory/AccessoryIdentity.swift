public import FoundationEssentials
import SwivelProtocol

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

    /// What the stand implements, from its IDENTITY. A host greys out what is
    /// missing instead of discovering it through `notSupported`.
    public struct Capabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }

        public static let angularVelocity = Capabilities(rawValue: 1 << 0)
        public static let orientation = Capabilities(rawValue: 1 << 1)
        public static let animation = Capabilities(rawValue: 1 << 2)
        public static let limits = Capabilities(rawValue: 1 << 3)
        public static let systemTrackingSwitch = Capabilities(rawValue: 1 << 4)
        /// `track(_:cameraInformation:)`.
        public static let customTracking = Capabilities(rawValue: 1 << 5)
        public static let framingModes = Capabilities(rawValue: 1 << 6)
        public static let regionOfInterest = Capabilities(rawValue: 1 << 7)
        public static let subjectSelection = Capabilities(rawValue: 1 << 8)
        public static let batteries = Capabilities(rawValue: 1 << 9)
        public static let accessoryEvents = Capabilities(rawValue: 1 << 10)
        public static let trackingStates = Capabilities(rawValue: 1 << 11)

        static let named: [(Capabilities, String)] = [
            (.angularVelocity, "angularVelocity"), (.orientation, "orientation"), (.animation, "animation"),
            (.limits, "limits"), (.systemTrackingSwitch, "systemTrackingSwitch"), (.customTracking, "customTracking"),
            (.framingModes, "framingModes"), (.regionOfInterest, "regionOfInterest"),
            (.subjectSelection, "subjectSelection"), (.batteries, "batteries"), (.accessoryEvents, "accessoryEvents"),
            (.trackingStates, "trackingStates"),
        ]

        /// The names of the capabilities present, in bit order.
        public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }

        public var description: String { "[" + names.joined(separator: ", ") + "]" }
    }

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

        public init(state: State, accessory: DockAccessory?, trackingButtonEnabled: Bool) {
            self.state = state
            self.accessory = accessory
            self.trackingButtonEnabled = trackingButtonEnabled
        }

        public var description: String {
            "\(state)" + (accessory.map { ": \($0.identifier.name)" } ?? "") + (trackingButtonEnabled ? " (tracking button)" : "")
        }
    }
}
