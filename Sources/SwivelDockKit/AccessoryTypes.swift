internal import SwivelKit

extension DockAccessory {
    public enum Category: Hashable, Sendable {
        case trackingStand
    }

    /// Who the accessory is: its name, category and UUID (stable across the stand's reboots).
    public struct Identifier: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        public let category: Category
        public let uuid: UUID

        public var description: String { "\(name) (\(uuid))" }
    }

    public enum State: Hashable, Sendable {
        case docked, undocked
    }

    /// A dock or undock, or the stand's tracking button toggling system tracking.
    public struct StateChange: Sendable {
        public let state: State
        public let accessory: DockAccessory?
        /// The change came from the stand's tracking button.
        public let trackingButtonEnabled: Bool
    }

    public enum FramingMode: Hashable, Sendable {
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

        var swivel: SwivelKit.DockAccessory.CameraInformation.Orientation {
            switch self {
            case .corrected: .corrected
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
