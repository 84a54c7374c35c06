/// The message id byte of a frame header. Ranges: 0x0_ session, 0x1_ replies,
/// 0x2_ motion commands, 0x3_ tracking commands, 0x4_ telemetry. docs/PROTOCOL.md
/// has a table per message.
public enum MessageID: UInt8, CaseIterable, Sendable, CustomStringConvertible {
    // Host → accessory, session
    case hello = 0x01
    case identity = 0x02
    case heartbeat = 0x03
    case bye = 0x04
    // Accessory → host, replies carrying the command's sequence number
    case ack = 0x10
    case error = 0x11
    // Host → accessory, motion
    case setAngularVelocity = 0x20
    case setOrientation = 0x21
    case animate = 0x22
    case stop = 0x23
    case cancel = 0x24
    case setLimits = 0x25
    case resetLimits = 0x26
    case getState = 0x27
    case setSystemTracking = 0x28
    case clearFault = 0x29
    case setServoPulse = 0x2A
    // Host → accessory, tracking
    case track = 0x30
    case setFramingMode = 0x31
    case setRegionOfInterest = 0x32
    case selectSubjectAt = 0x33
    case selectSubjects = 0x34
    // Vision link → accessory
    case gesture = 0x35
    // Accessory → host, telemetry (lossy, periodic or on change)
    case motionState = 0x40
    case progress = 0x41
    case accessoryEvent = 0x42
    case batteryState = 0x43
    case trackingState = 0x44
    case dockState = 0x45

    public var description: String {
        switch self {
        case .hello: "HELLO"
        case .identity: "IDENTITY"
        case .heartbeat: "HEARTBEAT"
        case .bye: "BYE"
        case .ack: "ACK"
        case .error: "ERR"
        case .setAngularVelocity: "SET_ANGULAR_VELOCITY"
        case .setOrientation: "SET_ORIENTATION"
        case .animate: "ANIMATE"
        case .stop: "STOP"
        case .cancel: "CANCEL"
        case .setLimits: "SET_LIMITS"
        case .resetLimits: "RESET_LIMITS"
        case .clearFault: "CLEAR_FAULT"
        case .setServoPulse: "SET_SERVO_PULSE"
        case .getState: "GET_STATE"
        case .setSystemTracking: "SET_SYSTEM_TRACKING"
        case .track: "TRACK"
        case .setFramingMode: "SET_FRAMING_MODE"
        case .setRegionOfInterest: "SET_REGION_OF_INTEREST"
        case .selectSubjectAt: "SELECT_SUBJECT_AT"
        case .selectSubjects: "SELECT_SUBJECTS"
        case .gesture: "GESTURE"
        case .motionState: "MOTION_STATE"
        case .progress: "PROGRESS"
        case .accessoryEvent: "ACCESSORY_EVENT"
        case .batteryState: "BATTERY_STATE"
        case .trackingState: "TRACKING_STATE"
        case .dockState: "DOCK_STATE"
        }
    }
}
