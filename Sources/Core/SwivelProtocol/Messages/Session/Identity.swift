public import SwivelVocabulary

/// What the accessory can do, announced in IDENTITY. A host greys out what is
/// missing instead of discovering it by `notSupported` errors.
public struct Capabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let angularVelocity = Capabilities(rawValue: 1 << 0)
    public static let orientation = Capabilities(rawValue: 1 << 1)
    public static let animation = Capabilities(rawValue: 1 << 2)
    public static let limits = Capabilities(rawValue: 1 << 3)
    public static let systemTrackingSwitch = Capabilities(rawValue: 1 << 4)
    /// `track()`: custom tracking from host observations.
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

/// IDENTITY: the reply to HELLO. The session is docked once it is sent.
public struct Identity: Equatable, Sendable {
    public enum Category: UInt8, Sendable {
        case trackingStand = 1
    }

    public var protocolVersion: UInt8
    public var category: Category
    /// Stable across reboots of the same stand.
    public var uuid: WireUUID
    public var axes: AxisSet
    public var capabilities: Capabilities
    /// Silence from the host longer than this undocks its session.
    public var heartbeatTimeoutMilliseconds: UInt16
    public var motionStateRateHz: UInt16
    public var trackingStateRateHz: UInt16
    public var name: String
    public var firmwareVersion: String
    public var hardwareModel: String

    public init(
        protocolVersion: UInt8 = ProtocolVersion.current, category: Category = .trackingStand, uuid: WireUUID,
        axes: AxisSet, capabilities: Capabilities, heartbeatTimeoutMilliseconds: UInt16, motionStateRateHz: UInt16,
        trackingStateRateHz: UInt16, name: String, firmwareVersion: String, hardwareModel: String
    ) {
        self.protocolVersion = protocolVersion
        self.category = category
        self.uuid = uuid
        self.axes = axes
        self.capabilities = capabilities
        self.heartbeatTimeoutMilliseconds = heartbeatTimeoutMilliseconds
        self.motionStateRateHz = motionStateRateHz
        self.trackingStateRateHz = trackingStateRateHz
        self.name = name
        self.firmwareVersion = firmwareVersion
        self.hardwareModel = hardwareModel
    }

    static let minimumBytes = 31

    func encode(to w: inout ByteWriter) {
        w.u8(protocolVersion)
        w.u8(category.rawValue)
        w.uuid(uuid)
        w.u8(axes.rawValue)
        w.u32(capabilities.rawValue)
        w.u16(heartbeatTimeoutMilliseconds)
        w.u16(motionStateRateHz)
        w.u16(trackingStateRateHz)
        w.string(name)
        w.string(firmwareVersion)
        w.string(hardwareModel)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> Identity {
        try r.require(minimumBytes, for: .identity)
        let version = r.u8()
        let rawCategory = r.u8()
        guard let category = Category(rawValue: rawCategory) else {
            throw .unknownValue(.identity, field: "category", value: UInt64(rawCategory))
        }
        return Identity(
            protocolVersion: version, category: category, uuid: r.uuid(), axes: AxisSet(rawValue: r.u8() & 0b111),
            capabilities: Capabilities(rawValue: r.u32()), heartbeatTimeoutMilliseconds: r.u16(),
            motionStateRateHz: r.u16(), trackingStateRateHz: r.u16(), name: r.string(), firmwareVersion: r.string(),
            hardwareModel: r.string())
    }
}
