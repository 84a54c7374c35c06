#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelTestSupport
import SwivelStandHarness
import Testing

@Suite struct DeviceIdentityTests {
    @Test func theUUIDComesFromTheMachineIDAndTheBoardName() throws {
        let path = "/tmp/swivel-machine-id-\(getpid())"
        try writeText("0123456789abcdef0123456789abcdef\n", to: path)
        defer { unlink(path) }
        let first = DeviceIdentity.uuid(boardName: "Stand A", machineIDPath: path)
        let again = DeviceIdentity.uuid(boardName: "Stand A", machineIDPath: path)
        let other = DeviceIdentity.uuid(boardName: "Stand B", machineIDPath: path)
        #expect(first.isStable)
        #expect(first.uuid == again.uuid, "stable across restarts")
        #expect(first.uuid != other.uuid, "two boards on one machine differ")
        // RFC 9562 version 8, variant 10.
        #expect(first.uuid.bytes[6] >> 4 == 8)
        #expect(first.uuid.bytes[8] >> 6 == 0b10)
    }

    @Test func withoutAMachineIDItIsRandomAndSaysSo() {
        let missing = DeviceIdentity.uuid(boardName: "Stand A", machineIDPath: "/nonexistent/machine-id")
        #expect(!missing.isStable)
        #expect(missing.uuid != DeviceIdentity.uuid(boardName: "Stand A", machineIDPath: "/nonexistent/machine-id").uuid)
    }

    @Test func theIdentityDescribesTheBoard() throws {
        let board = try BoardFixtures.load("sim-continuous.json5")
        let identity = DeviceIdentity.identity(board: board, uuid: .zero, heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50)
        #expect(identity.name == board.name)
        #expect(identity.hardwareModel == board.hardwareModel)
        #expect(identity.firmwareVersion == FirmwareVersion.string)
        #expect(identity.axes == [.pitch, .yaw])
        #expect(identity.category == .trackingStand)
        #expect(identity.capabilities.contains([.customTracking, .framingModes, .regionOfInterest, .subjectSelection, .trackingStates]))
        #expect(!identity.capabilities.contains(.batteries), "no batteries on this board: not announced")
        #expect(!identity.capabilities.contains(.accessoryEvents), "no buttons on this board: not announced")
    }

    @Test func batteriesAndButtonsAreAnnouncedWhenTheBoardHasThem() throws {
        var board = try BoardFixtures.load("sim.json5")
        #expect(DeviceIdentity.capabilities(for: board) == DeviceIdentity.capabilities.union([.batteries, .accessoryEvents]))
        board.buttons = []
        #expect(DeviceIdentity.capabilities(for: board) == DeviceIdentity.capabilities.union(.batteries))
        board.simulation?.batteries = []
        board.buttons = [.init(name: "b", line: 3, action: .button(id: 1), activeLow: true, bias: .pullUp, debounceMilliseconds: 10)]
        #expect(DeviceIdentity.capabilities(for: board) == DeviceIdentity.capabilities.union(.accessoryEvents))
    }
}
