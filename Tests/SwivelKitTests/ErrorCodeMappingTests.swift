import SwivelProtocol
@testable import SwivelKit
import Testing

/// SwivelKit takes the stand's codes by name from the one table
/// (`SwivelError.Code`): no code may change its name on the way to the app.
@Suite struct ErrorCodeMappingTests {
    @Test(arguments: SwivelError.Code.allCases)
    func aStandCodeReachesTheAppUnderItsOwnName(code: SwivelError.Code) {
        // The reserved badFrame has no case of its own: a frame nobody can read is a broken link.
        let expected = code == .badFrame ? "transport" : code.description
        #expect(SwivelKitError(ErrorReply(commandID: 0x20, code: code, reason: "r")).code.description == expected)
        // A rule checked in-process reads as the same refusal over the wire.
        let local = SwivelError(code, .nonFiniteValue, axis: .yaw, value: 0.5)
        let wire = SwivelKitError(ErrorReply(commandID: 0x21, local))
        #expect(SwivelKitError(local) == wire)
        #expect(wire.reason == "yaw: value must be a finite number (got 0.5)")
    }

    @Test func everyCodeIsTheStandsOrTheClientsOwn() {
        let stand = Set(SwivelError.Code.allCases.map(\.description))
        let own: Set<SwivelKitError.Code> = [.timedOut, .transport]
        for code in SwivelKitError.Code.allCases {
            #expect(stand.contains(code.description) != own.contains(code), "\(code)")
        }
    }
}
