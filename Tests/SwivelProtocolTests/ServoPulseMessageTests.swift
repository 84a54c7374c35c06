import SwivelVocabulary
import SwivelProtocol
import Testing

/// SET_SERVO_PULSE (docs/PROTOCOL.md §4.3) and the jog widths MOTION_STATE
/// carries: what decodes, what is refused before it reaches the stand.
@Suite struct ServoPulseMessageTests {
    static let id = MessageID.setServoPulse.rawValue

    static func payload(axis: UInt8, microseconds: Float) -> [UInt8] {
        let bits = microseconds.bitPattern
        return [axis, UInt8(bits & 0xFF), UInt8(bits >> 8 & 0xFF), UInt8(bits >> 16 & 0xFF), UInt8(bits >> 24)]
    }

    @Test func anAxisAndAWidthRoundTrip() throws {
        let message = HostMessage.setServoPulse(axis: .roll, pulseMicroseconds: 612.5)
        #expect(message.encodePayload() == Self.payload(axis: 2, microseconds: 612.5))
        #expect(try HostMessage.decode(messageID: Self.id, payload: message.encodePayload()) == message)
    }

    @Test func theEndsOfTheSafeRangeAreAllowed() throws {
        for width: Float in [500, 2500] {
            #expect(try HostMessage.decode(messageID: Self.id, payload: Self.payload(axis: 1, microseconds: width))
                == .setServoPulse(axis: .yaw, pulseMicroseconds: Double(width)))
        }
    }

    @Test(arguments: [Float(499.5), 2500.5, 0, -1500, 1.5, 1_500_000, .infinity])
    func aWidthOutsideTheSafeRangeIsInvalidNamingTheAxis(_ width: Float) {
        do {
            _ = try HostMessage.decode(messageID: Self.id, payload: Self.payload(axis: 1, microseconds: width))
            Issue.record("\(width) µs decoded")
        } catch {
            guard case .invalid(.setServoPulse, let refusal) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(refusal.code == .invalidParameter && refusal.axis == .yaw)
            #expect(refusal.reason == (width.isFinite ? .servoPulseOutOfRange : .nonFiniteValue))
            #expect(error.wireCode == .invalidParameter)
        }
    }

    @Test func notANumberIsRefused() {
        #expect(throws: MessageError.self) {
            try HostMessage.decode(messageID: Self.id, payload: Self.payload(axis: 0, microseconds: .nan))
        }
        do {
            _ = try HostMessage.decode(messageID: Self.id, payload: Self.payload(axis: 0, microseconds: .nan))
        } catch {
            guard case .invalid(_, let refusal) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(refusal.reason == .nonFiniteValue && refusal.axis == .pitch)
        }
    }

    @Test func anAxisByteAboveTwoIsAnUndefinedValue() {
        #expect(throws: MessageError.unknownValue(.setServoPulse, field: "axis", value: 3)) {
            try HostMessage.decode(messageID: Self.id, payload: Self.payload(axis: 3, microseconds: 1500))
        }
    }

    @Test func fiveBytesAreRequired() {
        #expect(throws: MessageError.badLength(.setServoPulse, received: 4, required: 5)) {
            try HostMessage.decode(messageID: Self.id, payload: Array(Self.payload(axis: 1, microseconds: 1500).prefix(4)))
        }
    }

    @Test func motionStateCarriesTheJogWidthsAndAnOlderOneReadsAsNone() throws {
        let report = MotionStateReport(
            timeMicroseconds: 5, axes: .all, positions: .zero, velocities: .zero, systemTrackingEnabled: false, moving: false,
            enabledDriverAxes: .all, servoPulseMicroseconds: PerAxis(pitch: 2500, yaw: 0, roll: 500))
        let bytes = AccessoryMessage.motionState(report).encodePayload()
        #expect(Array(bytes[37...]) == [0xC4, 0x09, 0, 0, 0xF4, 0x01])
        #expect(try AccessoryMessage.decode(messageID: MessageID.motionState.rawValue, payload: bytes) == .motionState(report))
        guard case .motionState(let old) = try AccessoryMessage.decode(
            messageID: MessageID.motionState.rawValue, payload: Array(bytes.prefix(37)))
        else {
            Issue.record("not a MOTION_STATE")
            return
        }
        #expect(old.servoPulseMicroseconds == PerAxis(repeating: 0))
    }
}
