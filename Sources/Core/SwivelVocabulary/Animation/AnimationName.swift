/// The built-in character animations. Their keyframes are DATA in SwivelCore's
/// AnimationLibrary: adding one is adding a case here and a table there.
public enum AnimationName: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    /// Nod on pitch.
    case yes = 1
    /// Shake on yaw.
    case no = 2
    /// Rise from a slumped pose up toward the centre, look around, settle.
    case wakeup = 3
    /// A quick tilt up that snaps back with a damped oscillation.
    case kapow = 4

    public var description: String {
        switch self {
        case .yes: "yes"
        case .no: "no"
        case .wakeup: "wakeup"
        case .kapow: "kapow"
        }
    }
}
