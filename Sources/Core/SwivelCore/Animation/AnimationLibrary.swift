// The names are vocabulary (apps and the wire say them); the tables are the engine's.
extension AnimationName {
    public var keyframes: [AnimationKeyframe] { AnimationLibrary.keyframes(for: self) }
}

/// One axis's pose at a keyframe, relative to where the animation started:
/// position = start + towardCentre·(centre − start) + offset.
/// `towardCentre` pulls toward the middle of the axis's range (0 = stay, 1 = at
/// the centre); `offset` is the gesture itself and is what gets scaled down when
/// the stand is too close to a limit to make it at full size.
public struct KeyPose: Equatable, Sendable {
    public var towardCentre: Double
    public var offset: Radians

    public init(towardCentre: Double = 0, offset: Radians = 0) {
        self.towardCentre = towardCentre
        self.offset = offset
    }

    public static let start = KeyPose()
}

public struct AnimationKeyframe: Equatable, Sendable {
    public var time: Seconds
    public var pitch: KeyPose
    public var yaw: KeyPose
    public var roll: KeyPose

    public init(_ time: Seconds, pitch: KeyPose = .start, yaw: KeyPose = .start, roll: KeyPose = .start) {
        self.time = time
        self.pitch = pitch
        self.yaw = yaw
        self.roll = roll
    }

    public subscript(axis: Axis) -> KeyPose {
        switch axis {
        case .pitch: pitch
        case .yaw: yaw
        case .roll: roll
        }
    }
}

enum AnimationLibrary {
    // Remember: +pitch tilts the view DOWN, so "look up" is a negative pitch offset.
    static let yes: [AnimationKeyframe] = [
        AnimationKeyframe(0.00),
        AnimationKeyframe(0.22, pitch: KeyPose(offset: 0.20)),
        AnimationKeyframe(0.46, pitch: KeyPose(offset: -0.06)),
        AnimationKeyframe(0.70, pitch: KeyPose(offset: 0.16)),
        AnimationKeyframe(0.94, pitch: KeyPose(offset: -0.03)),
        AnimationKeyframe(1.20),
    ]

    static let no: [AnimationKeyframe] = [
        AnimationKeyframe(0.00),
        AnimationKeyframe(0.25, yaw: KeyPose(offset: 0.28)),
        AnimationKeyframe(0.58, yaw: KeyPose(offset: -0.28)),
        AnimationKeyframe(0.90, yaw: KeyPose(offset: 0.20)),
        AnimationKeyframe(1.18, yaw: KeyPose(offset: -0.10)),
        AnimationKeyframe(1.45),
    ]

    static let wakeup: [AnimationKeyframe] = [
        AnimationKeyframe(0.00),
        // A slow stretch: rise half-way, dipping slightly as if heavy.
        AnimationKeyframe(0.70, pitch: KeyPose(towardCentre: 0.5, offset: 0.05), yaw: KeyPose(towardCentre: 0.3)),
        // Up past the centre: looking up.
        AnimationKeyframe(1.40, pitch: KeyPose(towardCentre: 1, offset: -0.18), yaw: KeyPose(towardCentre: 0.8)),
        // A glance to each side.
        AnimationKeyframe(1.95, pitch: KeyPose(towardCentre: 1, offset: -0.10), yaw: KeyPose(towardCentre: 1, offset: -0.22)),
        AnimationKeyframe(2.55, pitch: KeyPose(towardCentre: 1, offset: -0.10), yaw: KeyPose(towardCentre: 1, offset: 0.22)),
        // Settle facing ahead.
        AnimationKeyframe(3.10, pitch: KeyPose(towardCentre: 1), yaw: KeyPose(towardCentre: 1), roll: KeyPose(towardCentre: 1)),
    ]

    static let kapow: [AnimationKeyframe] = [
        AnimationKeyframe(0.00),
        AnimationKeyframe(0.14, pitch: KeyPose(offset: -0.32), roll: KeyPose(offset: 0.10)),
        AnimationKeyframe(0.32, pitch: KeyPose(offset: 0.14), roll: KeyPose(offset: -0.05)),
        AnimationKeyframe(0.48, pitch: KeyPose(offset: -0.07), roll: KeyPose(offset: 0.025)),
        AnimationKeyframe(0.63, pitch: KeyPose(offset: 0.035)),
        AnimationKeyframe(0.78, pitch: KeyPose(offset: -0.015)),
        AnimationKeyframe(0.95),
    ]

    static func keyframes(for name: AnimationName) -> [AnimationKeyframe] {
        switch name {
        case .yes: yes
        case .no: no
        case .wakeup: wakeup
        case .kapow: kapow
        }
    }
}
