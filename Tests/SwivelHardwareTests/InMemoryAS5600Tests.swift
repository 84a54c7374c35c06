import SwivelHardware
import Testing

@Suite struct InMemoryAS5600Tests {
    static func read(_ device: InMemoryAS5600, _ register: UInt8, count: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0xAA, count: count)
        try bytes.withUnsafeMutableBytes { try device.read(register: register, into: $0) }
        return bytes
    }

    @Test func servesTheRegisterMapWithAutoIncrement() throws {
        let device = InMemoryAS5600(rawAngle: 0x0ABC, status: [.magnetDetected, .magnetTooWeak])
        #expect(try Self.read(device, 0x0B, count: 3) == [0x30, 0x0A, 0xBC])
        #expect(try Self.read(device, 0x0E, count: 1) == [0x0A])
        #expect(try Self.read(device, 0x00, count: 2) == [0, 0])
    }

    @Test func aReadStartingOnAnAngleHighByteRepeatsThePair() throws {
        let device = InMemoryAS5600(rawAngle: 0x0123)
        #expect(try Self.read(device, 0x0C, count: 4) == [0x01, 0x23, 0x01, 0x23])
    }

    @Test func shaftAngleWrapsIntoOneTurn() {
        let device = InMemoryAS5600()
        device.setShaftAngle(radians: -Double.pi / 2)
        #expect(device.rawAngleCounts == 3_072)
        device.setShaftAngle(radians: 5 * Double.pi)
        #expect(device.rawAngleCounts == 2_048)
        device.setShaftAngle(radians: 2 * Double.pi - 1e-9)
        #expect(device.rawAngleCounts == 0)
    }

    @Test func injectedFailuresAreThrownThenClear() throws {
        let device = InMemoryAS5600(rawAngle: 5)
        device.failNextReads(1, with: I2CError(.transferFailed, "bus timed out"))
        #expect(throws: I2CError(.transferFailed, "bus timed out")) { try Self.read(device, 0x0B, count: 3) }
        #expect(try Self.read(device, 0x0B, count: 3) == [0x20, 0x00, 0x05])
        #expect(throws: I2CError.self) { try Self.read(device, 0x0B, count: 0) }
    }
}
