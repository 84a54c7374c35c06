/// Dynamixel Protocol 2.0 (X series): 4-byte goal position, the 21-byte
/// present-state block from 126, and the hardware error status register
/// behind a status's alert bit.
public struct DynamixelCodec: BusServoCodec {
    public var effortRegister: DynamixelEffortRegister

    public init(effortRegister: DynamixelEffortRegister = .load) { self.effortRegister = effortRegister }

    public func encodeTorque(id: UInt8, on: Bool, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        try DynamixelPacket.encodeWrite(
            id: id, address: DynamixelXRegister.torqueEnable.address, data: on ? Self.one : Self.zero, into: &packet)
    }

    public func encodeGoals(ids: [UInt8], counts: [Int32], into packet: inout [UInt8], scratch: inout [UInt8]) throws(BusServoEncodeError) {
        scratch.removeAll(keepingCapacity: true)
        for count in counts {
            DynamixelPacket.appendLittleEndian(UInt32(bitPattern: count), byteCount: 4, to: &scratch)
        }
        try DynamixelPacket.encodeSyncWrite(
            address: DynamixelXRegister.goalPosition.address, dataLengthBytes: DynamixelXRegister.goalPosition.sizeBytes,
            ids: ids, data: scratch, into: &packet)
    }

    public func encodeStateRead(ids: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError) {
        let block = DynamixelXRegister.presentStateBlock
        try DynamixelPacket.encodeSyncRead(address: block.address, lengthBytes: block.sizeBytes, ids: ids, into: &packet)
    }

    public func encodeHardwareStatusRead(id: UInt8, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        let status = DynamixelXRegister.hardwareErrorStatus
        try DynamixelPacket.encodeRead(id: id, address: status.address, lengthBytes: status.sizeBytes, into: &packet)
    }

    public func decodeReply(_ bytes: [UInt8], from start: Int, parameters: inout [UInt8]) -> BusServoReply {
        do throws(DynamixelDecodeError) {
            let status = try DynamixelPacket.decodeStatus(bytes, from: start, parameters: &parameters)
            // The error field's number is about the instruction (a CRC or access
            // error of ours), not the servo's health: only the alert bit is.
            return .status(
                id: status.id, flags: [], needsHardwareStatus: status.error.hardwareAlert, end: status.packetRange.upperBound)
        } catch {
            switch error {
            case .noHeader, .truncated: return .incomplete(resume: error.resumeOffset)
            default: return .corrupt(resume: error.resumeOffset)
            }
        }
    }

    public func decodeState(_ parameters: [UInt8]) -> BusServoState? {
        try? DynamixelPresentState.decode(parameters, range: 0..<parameters.count, effortRegister: effortRegister)
    }

    /// Bit 0 input voltage, 2 overheating, 3 motor encoder, 4 electrical shock, 5 overload.
    public func decodeHardwareStatus(_ parameters: [UInt8]) -> BusServoErrorFlags {
        let bits = parameters.first ?? 0
        var flags: BusServoErrorFlags = []
        if bits & 0x01 != 0 { flags.insert(.supplyVoltage) }
        if bits & 0x04 != 0 { flags.insert(.overheating) }
        if bits & 0x08 != 0 { flags.insert(.positionSensor) }
        if bits & 0x10 != 0 { flags.insert(.overcurrent) }
        if bits & 0x20 != 0 { flags.insert(.overload) }
        // An alert with no bit we know still stops the stand.
        return flags.isEmpty ? .overload : flags
    }

    private static let one: [UInt8] = [1]
    private static let zero: [UInt8] = [0]
}
