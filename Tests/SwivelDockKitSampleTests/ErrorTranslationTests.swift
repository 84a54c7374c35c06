@testable import SwivelDockKit
import SwivelKit
import Testing

/// DockKitError keeps exactly DockKit's cases; a Swivel code DockKit has a
/// case for is thrown as that case, any other as SwivelStandError with the
/// same name and the reason.
@Suite struct ErrorTranslationTests {
    static let dockKitCases: [DockKitError] = [
        .invalidParameter, .notConnected, .notSupported, .notSupportedByDevice, .frameRateTooHigh, .frameRateTooLow,
        .noSubjectFound, .cameraTCCMissing,
    ]

    @Test(arguments: SwivelKitError.Code.allCases)
    func eachCodeIsThrownUnderItsOwnName(code: SwivelKitError.Code) {
        let thrown = SwivelDockKit.dockKitError(SwivelKitError(code: code, reason: "r"))
        if let shared = Self.dockKitCases.first(where: { "\($0)" == code.description }) {
            #expect(thrown as? DockKitError == shared)
        } else {
            let stand = thrown as? SwivelStandError
            #expect(stand?.code.rawValue == code.description)
            #expect(stand?.reason == "r")
        }
    }
}
