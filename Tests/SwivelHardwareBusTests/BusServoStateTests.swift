import SwivelHardware
import Testing

/// The present-state blocks, read in one SYNC_READ per bus, decoded into
/// `BusServoState`. The research vectors do not cover a block read, so these
/// were made the same way with feetech-servo-sdk 1.0.0 and dynamixel-sdk 4.1.0
/// (/tmp/codec-scratch/state_vectors.py, reusing vectors.py's fake PortHandlers
/// and its SDK-`txPacket`-built replies); the values are what the SDKs'
/// `GroupSyncRead.getData` returned for them.
@Suite struct BusServoStateTests {
    // MARK: Feetech STS3215, 8 bytes from 56

    @Test func feetechSyncReadOfThePresentStateBlock() throws {
        var packet: [UInt8] = []
        let block = FeetechSTS3215Register.presentStateBlock
        // feetech-servo-sdk 1.0.0: GroupSyncRead(port, ph, 56, 8); addParam(1); addParam(2); txRxPacket()
        try FeetechPacket.encodeSyncRead(address: block.address, lengthBytes: block.sizeBytes, ids: [1, 2], into: &packet)
        #expect(packet == hexBytes("FF FF FE 06 82 38 08 01 02 36"))

        // getData per ID, SCS_TOHOST(·, 15) for position and speed, SCS_TOHOST(·, 10) for load:
        // ID 1: 2048, -100, -500, 121, 35; ID 2: 1000, 2400, 300, 120, 36.
        let stream = hexBytes("FF FF 01 0A 00 00 08 64 80 F4 05 79 23 73") + hexBytes("FF FF 02 0A 00 E8 03 60 09 2C 01 78 24 D6")
        var states: [UInt8: BusServoState] = [:]
        var offset = 0
        while offset < stream.count {
            let status = try FeetechPacket.decodeStatus(stream, from: offset)
            states[status.id] = try FeetechPresentState.decode(stream, range: status.parameterRange)
            offset = status.packetRange.upperBound
        }
        #expect(states == [
            1: BusServoState(positionCounts: 2048, velocityCountsPerSecond: -100, effort: .loadPerMille(-500), voltageDecivolts: 121, temperatureCelsius: 35),
            2: BusServoState(positionCounts: 1000, velocityCountsPerSecond: 2400, effort: .loadPerMille(300), voltageDecivolts: 120, temperatureCelsius: 36),
        ])
    }

    @Test func feetechSignMagnitudeEdgesInTheBlock() throws {
        // Negative zeros read as 0; the largest magnitudes keep their sign.
        let zeros: [UInt8] = [0x00, 0x80, 0x00, 0x80, 0x00, 0x04, 0, 0]
        #expect(try FeetechPresentState.decode(zeros, range: 0..<8)
            == BusServoState(positionCounts: 0, velocityCountsPerSecond: 0, effort: .loadPerMille(0), voltageDecivolts: 0, temperatureCelsius: 0))
        let extremes: [UInt8] = [0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0x07, 0xFF, 0xFF]
        #expect(try FeetechPresentState.decode(extremes, range: 0..<8)
            == BusServoState(positionCounts: -32767, velocityCountsPerSecond: 32767, effort: .loadPerMille(-1023), voltageDecivolts: 255, temperatureCelsius: 255))
        // SCS order: the same values with each word's bytes swapped.
        let bigEndian: [UInt8] = [0x08, 0x00, 0x80, 0x64, 0x05, 0xF4, 121, 35]
        #expect(try FeetechPresentState.decode(bigEndian, range: 0..<8, endianness: .bigEndian)
            == BusServoState(positionCounts: 2048, velocityCountsPerSecond: -100, effort: .loadPerMille(-500), voltageDecivolts: 121, temperatureCelsius: 35))
    }

    // MARK: Dynamixel X series, 21 bytes from 126

    @Test func dynamixelSyncReadOfThePresentStateBlock() throws {
        var packet: [UInt8] = []
        let block = DynamixelXRegister.presentStateBlock
        // dynamixel-sdk 4.1.0: GroupSyncRead(port, ph, 126, 21); addParam(1); addParam(2); txRxPacket()
        try DynamixelPacket.encodeSyncRead(address: block.address, lengthBytes: block.sizeBytes, ids: [1, 2], into: &packet)
        #expect(packet == hexBytes("FF FF FD 00 FE 09 00 82 7E 00 15 00 01 02 3E 1E"))

        // getData per ID (raw unsigned, as the SDK returns it): ID 1 load 65286 (-250), velocity 4294967196 (-100),
        // position 2048, voltage 120, temperature 40; ID 2 load 400, velocity 50, position 4294962296 (-5000), 118, 41.
        let stream = hexBytes("FF FF FD 00 01 19 00 55 00 06 FF 9C FF FF FF 00 08 00 00 00 00 00 00 00 00 00 00 78 00 28 71 27")
            + hexBytes("FF FF FD 00 02 19 00 55 00 90 01 32 00 00 00 78 EC FF FF 00 00 00 00 00 00 00 00 76 00 29 5B 15")
        var parameters: [UInt8] = []
        var states: [UInt8: BusServoState] = [:]
        var offset = 0
        while offset < stream.count {
            let status = try DynamixelPacket.decodeStatus(stream, from: offset, parameters: &parameters)
            states[status.id] = try DynamixelPresentState.decode(parameters, range: 0..<status.parameterCount)
            offset = status.packetRange.upperBound
        }
        // 0.229 rev/min per unit is 15.633 counts/s: -100 → -1563.3 → -1563, 50 → 781.6 → 782.
        #expect(states == [
            1: BusServoState(positionCounts: 2048, velocityCountsPerSecond: -1563, effort: .loadPerMille(-250), voltageDecivolts: 120, temperatureCelsius: 40),
            2: BusServoState(positionCounts: -5000, velocityCountsPerSecond: 782, effort: .loadPerMille(400), voltageDecivolts: 118, temperatureCelsius: 41),
        ])
    }

    static func dynamixelBlock(load: Int16, velocity: Int32, position: Int32) -> [UInt8] {
        var block: [UInt8] = []
        DynamixelPacket.appendLittleEndian(UInt32(UInt16(bitPattern: load)), byteCount: 2, to: &block)
        DynamixelPacket.appendLittleEndian(UInt32(bitPattern: velocity), byteCount: 4, to: &block)
        DynamixelPacket.appendLittleEndian(UInt32(bitPattern: position), byteCount: 4, to: &block)
        block += [UInt8](repeating: 0, count: 8) + [120, 0, 40]
        return block
    }

    @Test func dynamixelConversionsAtTheEdges() throws {
        // XM430: register 126 is current, 2.69 mA per unit; -250 → -672.5 mA, rounded away from zero.
        let current = try DynamixelPresentState.decode(Self.dynamixelBlock(load: -250, velocity: 1, position: -1), range: 0..<21, effortRegister: .xm430Current)
        #expect(current.effort == .currentMilliamps(-673))
        #expect(current.velocityCountsPerSecond == 16)
        #expect(current.positionCounts == -1)
        // A packet claiming ±2³¹ units of velocity clamps rather than traps.
        let fastest = try DynamixelPresentState.decode(Self.dynamixelBlock(load: .min, velocity: .max, position: .min), range: 0..<21)
        #expect(fastest.velocityCountsPerSecond == .max && fastest.positionCounts == .min && fastest.effort == .loadPerMille(-32768))
        let slowest = try DynamixelPresentState.decode(Self.dynamixelBlock(load: .max, velocity: .min, position: .max), range: 0..<21)
        #expect(slowest.velocityCountsPerSecond == .min && slowest.positionCounts == .max)
    }

    @Test func theWrongBytesAreTypedErrors() {
        let block = Self.dynamixelBlock(load: 0, velocity: 0, position: 0)
        #expect(throws: BusServoStateError.wrongLength(expectedBytes: 21, actualBytes: 20)) { try DynamixelPresentState.decode(block, range: 0..<20) }
        #expect(throws: BusServoStateError.rangeOutOfBounds(range: 1..<22, count: 21)) { try DynamixelPresentState.decode(block, range: 1..<22) }
        #expect(throws: BusServoStateError.wrongLength(expectedBytes: 8, actualBytes: 2)) { try FeetechPresentState.decode(block, range: 0..<2) }
        #expect(throws: BusServoStateError.rangeOutOfBounds(range: 20..<28, count: 21)) { try FeetechPresentState.decode(block, range: 20..<28) }
    }

    @Test func registerAddressesAreTheTablesOnes() {
        #expect(FeetechSTS3215Register.presentStateBlock.address == FeetechSTS3215Register.presentPosition.address)
        #expect(Int(FeetechSTS3215Register.presentTemperature.address) + 1
            == Int(FeetechSTS3215Register.presentStateBlock.address) + Int(FeetechSTS3215Register.presentStateBlock.sizeBytes))
        #expect(DynamixelXRegister.presentStateBlock.address == DynamixelXRegister.presentLoad.address)
        #expect(Int(DynamixelXRegister.presentTemperature.address) + 1
            == Int(DynamixelXRegister.presentStateBlock.address) + Int(DynamixelXRegister.presentStateBlock.sizeBytes))
        #expect(FeetechSTS3215Register.torqueEnable.address == 40 && FeetechSTS3215Register.goalPosition.address == 42)
        #expect(DynamixelXRegister.torqueEnable.address == 64 && DynamixelXRegister.goalPosition.address == 116)
        #expect(DynamixelXRegister.hardwareErrorStatus.address == 70 && FeetechSTS3215Register.hardwareErrorStatus.address == 65)
    }
}
