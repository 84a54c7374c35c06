import SwivelHardware
import Testing

/// The pure TMC2209: answers like the chip, so a driver's confirm-by-IFCNT
/// and fault reading can be tested without one.
@Suite struct TMC2209ModelTests {
    @Test func goodWritesLandAndCountInIFCNT() throws {
        var chip = try TMC2209Model(node: 0)
        #expect(chip.interfaceCount == 0)
        #expect(chip.receive(try TMC2209Datagram.write(node: 0, register: TMC2209Register.gconf, value: 0x1C0)).isEmpty)
        #expect(chip.register(TMC2209Register.gconf) == 0x1C0)
        #expect(chip.interfaceCount == 1)
        let reply = chip.receive(try TMC2209Datagram.readRequest(node: 0, register: TMC2209Register.ifcnt))
        #expect(try TMC2209Datagram.decodeReply(reply, register: TMC2209Register.ifcnt) == 1)
        #expect(try TMC2209Datagram.decodeReply(chip.receive(try TMC2209Datagram.readRequest(node: 0, register: 0)), register: 0) == 0x1C0)
    }

    @Test func badCRCAndOtherNodesAreIgnoredWithoutAReply() throws {
        var chip = try TMC2209Model(node: 1)
        var corrupt = try TMC2209Datagram.write(node: 1, register: TMC2209Register.chopconf, value: 0)
        corrupt[5] ^= 0x40
        #expect(chip.receive(corrupt).isEmpty)
        #expect(chip.refusedDatagrams == 1)
        #expect(chip.receive(try TMC2209Datagram.write(node: 0, register: TMC2209Register.chopconf, value: 0)).isEmpty)
        #expect(chip.receive(try TMC2209Datagram.readRequest(node: 2, register: TMC2209Register.ifcnt)).isEmpty)
        #expect(chip.register(TMC2209Register.chopconf) == TMC2209ChopperConfig.powerOnRawValue)
        #expect(chip.interfaceCount == 0)
    }

    @Test func ifcntWrapsAfter255Writes() throws {
        var chip = try TMC2209Model(node: 0)
        let write = try TMC2209Datagram.write(node: 0, register: TMC2209Register.tpwmthrs, value: 750)
        for _ in 0..<255 { _ = chip.receive(write) }
        let before = chip.interfaceCount
        #expect(before == 255)
        _ = chip.receive(write)
        #expect(chip.interfaceCount == 0)
        #expect(TMC2209InterfaceCounter.isConfirmed(before: before, after: chip.interfaceCount))
    }

    @Test func theOneWireLineEchoesTheRequestBeforeTheReply() throws {
        var chip = try TMC2209Model(node: 0)
        let request = try TMC2209Datagram.readRequest(node: 0, register: TMC2209Register.ioin)
        let line = chip.receiveOnOneWireLine(request)
        #expect(line.count == 12)
        #expect(Array(line.prefix(4)) == request)
        #expect(try TMC2209Datagram.decodeReply(Array(line.dropFirst(4)), register: TMC2209Register.ioin) >> 24 == 0x21)
    }

    @Test func registerSemanticsGSTATClearsWriteOnlyReadsZeroFaultsShow() throws {
        var chip = try TMC2209Model(node: 0)
        func read(_ register: UInt8) throws -> UInt32 {
            try TMC2209Datagram.decodeReply(chip.receive(try TMC2209Datagram.readRequest(node: 0, register: register)), register: register)
        }
        #expect(try read(TMC2209Register.gstat) == 1)
        _ = chip.receive(try TMC2209Datagram.write(node: 0, register: TMC2209Register.gstat, value: 1))
        #expect(try read(TMC2209Register.gstat) == 0)
        _ = chip.receive(try TMC2209Datagram.write(node: 0, register: TMC2209Register.iholdIrun, value: 0x000A_190C))
        #expect(chip.register(TMC2209Register.iholdIrun) == 0x000A_190C)
        #expect(try read(TMC2209Register.iholdIrun) == 0)
        #expect(TMC2209DriverStatus(rawValue: try read(TMC2209Register.drvStatus)).csActual == 12)
        chip.setDriverStatus(TMC2209DriverStatus(rawValue: 1 << 2 | 1 << 1))
        #expect(TMC2209DriverStatus(rawValue: try read(TMC2209Register.drvStatus)).faults == [.overTemperature, .shortToGround(.a)])
        // A write to a read-only register counts, and changes nothing.
        _ = chip.receive(try TMC2209Datagram.write(node: 0, register: TMC2209Register.ifcnt, value: 77))
        #expect(chip.interfaceCount == 3)
    }

    @Test func noiseBeforeSyncAndHalfDatagramsAreDropped() throws {
        var chip = try TMC2209Model(node: 0)
        let request = try TMC2209Datagram.readRequest(node: 0, register: TMC2209Register.ifcnt)
        #expect(chip.receive([0x00, 0xFF] + request).count == 8)
        _ = chip.receive(Array(request.prefix(2)))
        chip.lineIdle()
        #expect(chip.receive(request).count == 8)
        #expect(throws: TMC2209DatagramError.nodeOutOfRange(node: 4)) { try TMC2209Model(node: 4) }
    }

    @Test func randomLineBytesNeverTrapAndAreRefusedByTheCRC() throws {
        var chip = try TMC2209Model(node: 0)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Mostly sync bytes and low registers, so some datagrams survive the CRC by chance.
            let byte = state >> 60 < 4 ? 0x05 : UInt8(truncatingIfNeeded: state >> 33)
            let reply = chip.receive(byte)
            if !reply.isEmpty {
                _ = try TMC2209Datagram.decodeReply(reply, register: reply[2])
            }
            _ = try? TMC2209Datagram.decodeReply(Array(repeating: byte, count: Int(state >> 61)), register: byte)
        }
        #expect(chip.refusedDatagrams > 0)
    }
}
