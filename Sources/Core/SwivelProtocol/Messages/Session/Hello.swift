/// HELLO: the host opens (or re-opens) a session. The accessory answers
/// IDENTITY, or ERR versionMismatch when it speaks none of the host's versions.
public struct Hello: Equatable, Sendable {
    public var minimumVersion: UInt8
    public var maximumVersion: UInt8
    /// How often the host intends to send HEARTBEAT; informational.
    public var heartbeatIntervalMilliseconds: UInt16
    public var clientName: String

    public init(
        minimumVersion: UInt8 = ProtocolVersion.current, maximumVersion: UInt8 = ProtocolVersion.current,
        heartbeatIntervalMilliseconds: UInt16 = 250, clientName: String
    ) {
        self.minimumVersion = minimumVersion
        self.maximumVersion = maximumVersion
        self.heartbeatIntervalMilliseconds = heartbeatIntervalMilliseconds
        self.clientName = clientName
    }

    public func accepts(_ version: UInt8) -> Bool { minimumVersion <= version && version <= maximumVersion }

    static let minimumBytes = 2

    func encode(to w: inout ByteWriter) {
        w.u8(minimumVersion)
        w.u8(maximumVersion)
        w.u16(heartbeatIntervalMilliseconds)
        w.string(clientName)
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> Hello {
        try r.require(minimumBytes, for: .hello)
        return Hello(minimumVersion: r.u8(), maximumVersion: r.u8(), heartbeatIntervalMilliseconds: r.u16(), clientName: r.string())
    }
}
