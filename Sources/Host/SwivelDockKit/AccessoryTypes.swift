internal import SwivelKit

extension DockAccessory {
    public enum Category: String, Hashable, Codable, Sendable, CustomDebugStringConvertible {
        case trackingStand

        public var debugDescription: String { "DockAccessory.Category.\(rawValue)" }
    }

    /// Who the accessory is: its name, category and UUID (stable across the stand's reboots).
    public struct Identifier: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
        public let name: String
        public let category: Category
        public let uuid: UUID

        public var description: String { "\(name) (\(uuid))" }
        public var debugDescription: String { "Identifier(name: \(name), category: \(category), uuid: \(uuid))" }
    }

    public enum State: Hashable, Sendable, CustomDebugStringConvertible {
        case docked, undocked

        public var debugDescription: String { self == .docked ? "DockAccessory.State.docked" : "DockAccessory.State.undocked" }
    }

    /// A dock or undock, or the stand's tracking button toggling system tracking.
    public struct StateChange: Sendable {
        public let state: State
        public let accessory: DockAccessory?
        /// The state of the stand's tracking button, as DockKit's: whether
        /// system tracking is on after this change (the button toggles it).
        public let trackingButtonEnabled: Bool
    }

    public enum FramingMode: String, Hashable, Codable, Sendable {
        /// The default: the stand decides.
        case automatic
        case center
        /// The subject on the left third line.
        case left
        /// The subject on the right third line.
        case right

        var swivel: SwivelKit.FramingMode {
            switch self {
            case .automatic: .automatic
            case .center: .center
            case .left: .left
            case .right: .right
            }
        }

        init(_ mode: SwivelKit.FramingMode) {
            switch mode {
            case .automatic: self = .automatic
            case .center: self = .center
            case .left: self = .left
            case .right: self = .right
            }
        }
    }

    public enum Animation: Hashable, Sendable {
        /// A nod on pitch.
        case yes
        /// A shake on yaw.
        case no
        /// Up toward the centre, a look around, settle.
        case wakeup
        /// A quick tilt that snaps back with a damped oscillation.
        case kapow

        var swivel: AnimationName {
            switch self {
            case .yes: .yes
            case .no: .no
            case .wakeup: .wakeup
            case .kapow: .kapow
            }
        }
    }

    /// How the observation rects relate to the upright image.
    public enum CameraOrientation: Hashable, Sendable {
        /// Already relative to the upright image (lower-left origin).
        case corrected
        case portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown
        /// The app does not know: the rects are taken as they are, as with `.corrected`.
        case unknown

        var swivel: SwivelKit.CameraInformation.Orientation {
            switch self {
            case .corrected, .unknown: .corrected
            case .portrait: .portrait
            case .portraitUpsideDown: .portraitUpsideDown
            case .landscapeLeft: .landscapeLeft
            case .landscapeRight: .landscapeRight
            case .faceUp: .faceUp
            case .faceDown: .faceDown
            }
        }
    }
}
