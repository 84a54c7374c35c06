/// From a rect in the camera's buffer to the stand motion that centres it.
///
/// Three steps, each in its own function so each can be tested alone:
/// buffer → upright image (the orientation table in docs/TRACKING.md), upright
/// point → angles (pinhole: intrinsics or a field of view), angles → stand
/// correction (the camera position decides the pitch sign).
///
/// Rects and intrinsics come from a host over a wire: call `isValid` on a rect
/// before using it. These functions do not check, so NaN in gives NaN out.
public enum CameraGeometry {
    /// How far outside the frame a rect may reach and still be a subject partly
    /// out of view, rather than garbage.
    static let rectSlack = 0.5

    /// Whether an observation rect is usable: finite, a positive width and
    /// height, and within −0.5…1.5 on both axes (a subject may be partly out of
    /// frame; anything further out is a sender bug).
    public static func isValid(_ rect: NormalizedRectLowerLeft) -> Bool {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return false }
        guard rect.width > 0, rect.height > 0 else { return false }
        let low = -rectSlack, high = 1 + rectSlack
        return rect.x >= low && rect.y >= low && rect.x + rect.width <= high && rect.y + rect.height <= high
    }

    /// Buffer → upright image (the orientation table). A 90° rotation swaps
    /// width and height.
    public static func upright(_ rect: NormalizedRectLowerLeft, orientation: CameraInformation.Orientation) -> NormalizedRectLowerLeft {
        let r = rect
        switch Rotation(orientation) {
        case .none: return r
        case .halfTurn: return NormalizedRectLowerLeft(x: 1 - r.x - r.width, y: 1 - r.y - r.height, width: r.width, height: r.height)
        // (u, v) → (v, 1 − u): the buffer's left edge becomes the top.
        case .clockwise: return NormalizedRectLowerLeft(x: r.y, y: 1 - r.x - r.width, width: r.height, height: r.width)
        // (u, v) → (1 − v, u): the buffer's left edge becomes the bottom.
        case .counterClockwise: return NormalizedRectLowerLeft(x: 1 - r.y - r.height, y: r.x, width: r.height, height: r.width)
        }
    }

    /// Buffer → upright image (the orientation table).
    public static func upright(_ point: NormalizedPointLowerLeft, orientation: CameraInformation.Orientation) -> NormalizedPointLowerLeft {
        Rotation(orientation).apply(to: point)
    }

    /// Upright image → buffer: the inverse of `upright`.
    public static func buffer(_ point: NormalizedPointLowerLeft, orientation: CameraInformation.Orientation) -> NormalizedPointLowerLeft {
        Rotation(orientation).inverse.apply(to: point)
    }
}

extension CameraGeometry {
    /// The rotation from buffer to upright image; every orientation is one of four.
    enum Rotation {
        case none
        case halfTurn
        case clockwise
        case counterClockwise

        init(_ orientation: CameraInformation.Orientation) {
            switch orientation {
            // corrected: the sender already rotated; faceUp/faceDown: no gravity cue.
            case .corrected, .landscapeLeft, .faceUp, .faceDown: self = .none
            case .landscapeRight: self = .halfTurn
            case .portrait: self = .clockwise
            case .portraitUpsideDown: self = .counterClockwise
            }
        }

        var inverse: Rotation {
            switch self {
            case .none: .none
            case .halfTurn: .halfTurn
            case .clockwise: .counterClockwise
            case .counterClockwise: .clockwise
            }
        }

        var swapsAxes: Bool { self == .clockwise || self == .counterClockwise }

        /// Rotates a pair measured from the image centre (right +, up +): centred
        /// coordinates and tangent pairs turn the same way.
        func apply(centredX x: Double, y: Double) -> (x: Double, y: Double) {
            switch self {
            case .none: (x, y)
            case .halfTurn: (-x, -y)
            case .clockwise: (y, -x)
            case .counterClockwise: (-y, x)
            }
        }

        // Written from the table rather than through `apply(centredX:)` so that
        // a corner of the frame maps exactly onto a corner (no 0.5 round trip).
        func apply(to p: NormalizedPointLowerLeft) -> NormalizedPointLowerLeft {
            switch self {
            case .none: p
            case .halfTurn: NormalizedPointLowerLeft(x: 1 - p.x, y: 1 - p.y)
            case .clockwise: NormalizedPointLowerLeft(x: p.y, y: 1 - p.x)
            case .counterClockwise: NormalizedPointLowerLeft(x: 1 - p.y, y: p.x)
            }
        }
    }
}
