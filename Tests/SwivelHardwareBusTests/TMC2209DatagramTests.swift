import SwivelHardware
import Testing

/// TMC2209 datagrams. The CRC is the datasheet's `swuart_calcCRC` (section
/// 4.2, which gives the routine but no numbers); the numeric vectors are ones a
/// TMC2209 is known to accept (05 00 00 → 48 and 05 00 06 → 6F, found on a
/// chip by brute force; CHOPCONF's power-on value to node 0 → 9C) and the
/// frames tmc-2209-raspberry-pi 0.5.7's `compute_crc8_atm` makes with sync 0x05.
@Suite struct TMC2209DatagramTests {
    @Test func crcMatchesTheVectorsAChipAccepts() {
        #expect(TMC2209CRC.crc8([0x05, 0x00, 0x00]) == 0x48)
        #expect(TMC2209CRC.crc8([0x05, 0x00, 0x06]) == 0x6F)
        #expect(TMC2209CRC.crc8([0x05, 0x00, 0xEC, 0x10, 0x00, 0x00, 0x53]) == 0x9C)
    }

    @Test func writesAreSyncNodeRegisterWithWriteBitBigEndianDataCRC() throws {
        #expect(try TMC2209Datagram.write(node: 0, register: 0x6C, value: 0x1000_0053) == [0x05, 0x00, 0xEC, 0x10, 0x00, 0x00, 0x53, 0x9C])
        #expect(try TMC2209Datagram.write(node: 0, register: 0x00, value: 0x1C0) == [0x05, 0x00, 0x80, 0x00, 0x00, 0x01, 0xC0, 0xF6])
        #expect(try TMC2209Datagram.write(node: 1, register: 0x6C, value: 0x1000_0053) == [0x05, 0x01, 0xEC, 0x10, 0x00, 0x00, 0x53, 0x70])
        #expect(try TMC2209Datagram.write(node: 0, register: 0x10, value: 0x000A_0A14) == [0x05, 0x00, 0x90, 0x00, 0x0A, 0x0A, 0x14, 0xA0])
    }

    @Test func readRequestsAreFourBytes() throws {
        #expect(try TMC2209Datagram.readRequest(node: 0, register: 0x02) == [0x05, 0x00, 0x02, 0x8F])
        #expect(try TMC2209Datagram.readRequest(node: 0, register: 0x6F) == [0x05, 0x00, 0x6F, 0x84])
        #expect(try TMC2209Datagram.readRequest(node: 3, register: 0x06) == [0x05, 0x03, 0x06, 0x82])
    }

    @Test func badNodesAndRegistersAreRefused() {
        #expect(throws: TMC2209DatagramError.nodeOutOfRange(node: 4)) { try TMC2209Datagram.write(node: 4, register: 0, value: 0) }
        #expect(throws: TMC2209DatagramError.registerOutOfRange(register: 0x80)) { try TMC2209Datagram.readRequest(node: 0, register: 0x80) }
    }

    @Test func repliesDecodeAndEveryDefectHasItsOwnError() throws {
        let reply: [UInt8] = [0x05, 0xFF, 0x02, 0x00, 0x00, 0x00, 0x07, 0xE2]
        #expect(try TMC2209Datagram.decodeReply(reply, register: 0x02) == 7)
        #expect(TMC2209Datagram.reply(register: 0x02, value: 7) == reply)
        #expect(throws: TMC2209DatagramError.wrongLength(expected: 8, actual: 7)) { try TMC2209Datagram.decodeReply(Array(reply.prefix(7)), register: 2) }
        // The echo of the request plus the reply is 12 bytes: the caller must drop the echo.
        #expect(throws: TMC2209DatagramError.wrongLength(expected: 8, actual: 12)) {
            try TMC2209Datagram.decodeReply([0x05, 0x00, 0x02, 0x8F] + reply, register: 2)
        }
        var corrupt = reply
        corrupt[6] ^= 0x01
        #expect(throws: TMC2209DatagramError.badCRC(expected: TMC2209CRC.crc8(corrupt[0..<7]), actual: 0xE2)) {
            try TMC2209Datagram.decodeReply(corrupt, register: 2)
        }
        var noSync = reply
        noSync[0] = 0x00
        #expect(throws: TMC2209DatagramError.badSync(byte: 0)) { try TMC2209Datagram.decodeReply(noSync, register: 2) }
        var toNode = [UInt8](reply.prefix(7))
        toNode[1] = 0x00
        toNode.append(TMC2209CRC.crc8(toNode))
        #expect(throws: TMC2209DatagramError.wrongAddress(expected: 0xFF, actual: 0x00)) { try TMC2209Datagram.decodeReply(toNode, register: 2) }
        #expect(throws: TMC2209DatagramError.wrongRegister(expected: 0x6F, actual: 0x02)) { try TMC2209Datagram.decodeReply(reply, register: 0x6F) }
    }

    @Test func requestsParseBackWhateverTheReservedNibble() throws {
        let write = try TMC2209Datagram.write(node: 2, register: 0x22, value: 0xFFFF_FFFF)
        #expect(try TMC2209Datagram.decodeRequest(write) == .write(node: 2, register: 0x22, value: 0xFFFF_FFFF))
        // tmc-2209-raspberry-pi sends sync 0x55: the reserved nibble is a don't-care, but inside the CRC.
        var library: [UInt8] = [0x55, 0x00, 0x06]
        library.append(TMC2209CRC.crc8(library))
        #expect(try TMC2209Datagram.decodeRequest(library) == .read(node: 0, register: 0x06))
        #expect(throws: TMC2209DatagramError.wrongLength(expected: 8, actual: 4)) { try TMC2209Datagram.decodeRequest([0x05, 0x00, 0x80, 0x00]) }
        #expect(throws: TMC2209DatagramError.wrongLength(expected: 4, actual: 2)) { try TMC2209Datagram.decodeRequest([0x05, 0x00]) }
    }
}
