/// What a bus needs from a servo protocol, in one shape for both families:
/// the packets of one exchange, and the replies decoded into one vocabulary.
/// Encoding and decoding use the caller's buffers: no allocation once they
/// have grown to a packet's size.
public protocol BusServoCodec: Sendable {
    /// WRITE torque enable (1) or disable (0) to one servo; it answers.
    func encodeTorque(id: UInt8, on: Bool, into packet: inout [UInt8]) throws(BusServoEncodeError)
    /// SYNC_WRITE every goal position in one broadcast packet; nobody answers.
    /// `scratch` holds the data blocks while they are built.
    func encodeGoals(ids: [UInt8], counts: [Int32], into packet: inout [UInt8], scratch: inout [UInt8]) throws(BusServoEncodeError)
    /// SYNC_READ the present-state block; each servo answers in the order of `ids`.
    func encodeStateRead(ids: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError)
    /// READ the hardware error status of one servo (after its reply raised an alert).
    func encodeHardwareStatusRead(id: UInt8, into packet: inout [UInt8]) throws(BusServoEncodeError)
    /// Decodes the first reply at `bytes[start...]`, its parameters copied into `parameters`.
    func decodeReply(_ bytes: [UInt8], from start: Int, parameters: inout [UInt8]) -> BusServoReply
    /// The present-state block of a state reply.
    func decodeState(_ parameters: [UInt8]) -> BusServoState?
    /// The hardware error status register's bits, in the common vocabulary.
    func decodeHardwareStatus(_ parameters: [UInt8]) -> BusServoErrorFlags
}

/// One reply, or why there is none yet.
public enum BusServoReply: Equatable, Sendable {
    /// A valid status packet ending at `end`. `flags`: the error bits it
    /// carried; `needsHardwareStatus`: it raised an alert whose detail is a
    /// register away (Dynamixel).
    case status(id: UInt8, flags: BusServoErrorFlags, needsHardwareStatus: Bool, end: Int)
    /// More bytes are needed; decode again from `resume` once they came.
    case incomplete(resume: Int)
    /// Garbage or a corrupt packet; decode again from `resume`.
    case corrupt(resume: Int)
}
