import SwivelVocabulary
import SwivelProtocol
import Testing

/// Issue 24: MOTION_STATE and GET_STATE's state report carry which drivers
/// are enabled and which fault latched, appended past their required parts
/// (docs/PROTOCOL.md, "Forward compatibility"): what an older stand sends
/// still decodes, the new fields reading as none.
@Suite struct AppendedStateFieldsTests {
    static func payload(_ message: AccessoryMessage) -> [UInt8] { message.encodePayload() }

    @Test func motionStateCarriesTheDriversAndTheFaultsCause() throws {
        for cause in [nil] + FaultKind.allCases.map(Optional.some) {
            let report = MotionStateReport(
                timeMicroseconds: 5, axes: .all, positions: .zero, velocities: .zero, fault: cause == nil ? .none : .motorFault,
                systemTrackingEnabled: false, moving: false, enabledDriverAxes: [.pitch, .roll], faultCause: cause)
            let bytes = Self.payload(.motionState(report))
            #expect(bytes.count == 43)  // 37, then the servo pulse jog widths (SET_SERVO_PULSE)
            #expect(bytes[35] == 0b101 && bytes[36] == cause?.rawValue ?? 0)
            #expect(try AccessoryMessage.decode(messageID: MessageID.motionState.rawValue, payload: bytes) == .motionState(report))
        }
    }

    @Test func anOlderStandsMotionStateReadsAsNoDriversAndNoCause() throws {
        let report = MotionStateReport(
            timeMicroseconds: 5, axes: .all, positions: .zero, velocities: .zero, fault: .encoderMismatch,
            systemTrackingEnabled: true, moving: false, enabledDriverAxes: .all, faultCause: .encoderSilent)
        let old = Array(Self.payload(.motionState(report)).prefix(35))
        guard case .motionState(let decoded) = try AccessoryMessage.decode(messageID: MessageID.motionState.rawValue, payload: old) else {
            Issue.record("not a MOTION_STATE")
            return
        }
        #expect(decoded.fault == .encoderMismatch)
        #expect(decoded.enabledDriverAxes.isEmpty)
        #expect(decoded.faultCause == nil)
    }

    @Test func anUndefinedCauseIsRefused() {
        var bytes = Self.payload(.motionState(MotionStateReport(
            timeMicroseconds: 5, axes: .all, positions: .zero, velocities: .zero, systemTrackingEnabled: false, moving: false)))
        bytes[36] = 6
        #expect(throws: MessageError.unknownValue(.motionState, field: "fault cause", value: 6)) {
            try AccessoryMessage.decode(messageID: MessageID.motionState.rawValue, payload: bytes)
        }
    }

    @Test func theStateReportCarriesTheDriversAndTheFault() throws {
        let message = AccessoryMessage.ack(Ack(commandID: .getState, body: .state(ProtocolVectors.faultedState)))
        let bytes = Self.payload(message)
        // The command id, the 124 required bytes, then drivers, cause, axis and the account.
        #expect(bytes.count == 1 + 124 + 3 + 1 + "yaw's steps were late".utf8.count)
        #expect(Array(bytes[125...127]) == [0b001, FaultKind.stepsTooLate.rawValue, UInt8(Axis.yaw.rawValue)])
        #expect(try AccessoryMessage.decode(messageID: MessageID.ack.rawValue, payload: bytes) == message)

        // An older stand's report: 124 bytes after the id.
        guard case .ack(let ack) = try AccessoryMessage.decode(messageID: MessageID.ack.rawValue, payload: Array(bytes.prefix(125))),
              case .state(let old) = ack.body else {
            Issue.record("not a state report")
            return
        }
        #expect(old.lastProgress == ProtocolVectors.faultedState.lastProgress)
        #expect(old.enabledDriverAxes.isEmpty && old.faultCause == nil && old.faultDescription.isEmpty)
    }

    @Test func eachCauseNamesItsOwnReason() {
        let reasons = FaultKind.allCases.map(\.refusalReason)
        #expect(Set(reasons.map(\.text)).count == reasons.count)
        #expect(FaultKind.stepsTooLate.reason.contains("could not be written in time"))
        #expect(!FaultKind.stepsTooLate.reason.contains("far from where it was commanded"))
        #expect(AxisFault.motor(axis: .yaw, problem: .stepsTooLate(latenessSeconds: 0.002)).kind == .stepsTooLate)
        #expect(AxisFault.motor(axis: .yaw, problem: .overloaded).kind == .motorReported)
        #expect(AxisFault.followingError(axis: .yaw, errorRadians: 0.2, limitRadians: 0.1).kind == .followingError)
    }
}
