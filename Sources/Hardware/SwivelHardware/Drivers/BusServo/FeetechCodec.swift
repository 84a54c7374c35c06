/// Feetech STS/SMS (STS3215): goal position, the 8-byte present-state block
/// from 56, and the status's error byte, whose bits are the common ones.
public struct FeetechCodec: BusServoCodec {
    public var endianness: FeetechEndianness

    public init(endianness: FeetechEndianness = .littleEndian) { self.endianness = endianness }

    public func encodeTorque(id: UInt8, on: Bool, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        try FeetechPacket.encodeWrite(
            id: id, address: FeetechSTS3215Register.torqueEnable.address, data: on ? Self.one : Self.zero, into: &packet)
    }

    public func encodeGoals(ids: [UInt8], counts: [Int32], into packet: inout [UInt8], scratch: inout [UInt8]) throws(BusServoEncodeError) {
        scratch.removeAll(keepingCapacity: true)
        for count in counts {
            endianness.appendWord(try FeetechSignMagnitude.encode(count, signBit: .positionAndSpeed), to: &scratch)
        }
        try FeetechPacket.encodeSyncWrite(
            address: FeetechSTS3215Register.goalPosition.address, dataLengthBytes: FeetechSTS3215Register.goalPosition.sizeBytes,
            ids: ids, data: scratch, into: &packet)
    }

    public func encodeStateRead(ids: [UInt8], into packet: inout [UInt8]) throws(BusServoEncodeError) {
        let block = FeetechSTS3215Register.presentStateBlock
        try FeetechPacket.encodeSyncRead(address: block.address, lengthBytes: block.sizeBytes, ids: ids, into: &packet)
    }

    public func encodeHardwareStatusRead(id: UInt8, into packet: inout [UInt8]) throws(BusServoEncodeError) {
        let status = FeetechSTS3215Register.hardwareErrorStatus
        try FeetechPacket.encodeRead(id: id, address: status.address, lengthBytes: status.sizeBytes, into: &packet)
    }

    public func decodeReply(_ bytes: [UInt8], from start: Int, parameters: inout [UInt8]) -> BusServoReply {
        parameters.removeAll(keepingCapacity: true)
        do throws(FeetechDecodeError) {
            let status = try FeetechPacket.decodeStatus(bytes, from: start)
            parameters.append(contentsOf: bytes[status.parameterRange])
            // The error byte's bits are the common vocabulary's; bit 4 (angle) has no counterpart.
            let flags = BusServoErrorFlags(rawValue: status.errors.rawValue & 0x2F)
            return .status(id: status.id, flags: flags, needsHardwareStatus: false, end: status.packetRange.upperBound)
        } catch {
            switch error {
            case .noHeader, .truncated: return .incomplete(resume: error.resumeOffset)
            default: return .corrupt(resume: error.resumeOffset)
            }
        }
    }

    public func decodeState(_ parameters: [UInt8]) -> BusServoState? {
        try? FeetechPresentState.decode(parameters, range: 0..<parameters.count, endianness: endianness)
    }

    public func decodeHardwareStatus(_ parameters: [UInt8]) -> BusServoErrorFlags {
        BusServoErrorFlags(rawValue: (parameters.first ?? 0) & 0x2F)
    }

    private static let one: [UInt8] = [1]
    private static let zero: [UInt8] = [0]
}
