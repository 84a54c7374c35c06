import SwivelProtocol
@testable import SwivelKit
import Testing

@Suite struct ErrorAndEndpointTests {
    @Test func anErrorPrintsAsCodeColonReason() {
        let error = SwivelKitError(.frameRateTooHigh, "wait for the window to pass")
        #expect(error.description == "frameRateTooHigh: wait for the window to pass")
        #expect(error.code == .stand(.frameRateTooHigh))
        #expect(error.reason == "wait for the window to pass")
        for code in SwivelKitError.Code.allCases {
            #expect(SwivelKitError(code: code, reason: "r").code == code)
        }
    }

    @Test func onlyConnectionProblemsAreConnectionProblems() {
        let connection: Set<SwivelKitError.Code> = [.stand(.notConnected), .timedOut, .transport]
        for code in SwivelKitError.Code.allCases {
            #expect(SwivelKitError(code: code, reason: "").isConnectionProblem == connection.contains(code))
        }
    }

    @Test func anErrFrameKeepsTheStandsCodeAxisAndValue() {
        let reply = ErrorReply(commandID: 0x25, code: .invalidParameter, axis: .pitch, value: 0.5, reason: "min not below max")
        #expect(SwivelKitError(reply) == SwivelKitError(.invalidParameter, "pitch: min not below max (got 0.5)"))
        for code in SwivelError.Code.allCases {
            let mapped = SwivelKitError(ErrorReply(commandID: 0x20, code: code, reason: "x"))
            #expect(mapped.code.description == (code == .badFrame ? "transport" : code.description))
        }
    }

    @Test func theDefaultSocketFollowsTheEnvironmentThenTheInstalledPath() {
        let nothing: (String) -> Bool = { _ in false }
        let installed: (String) -> Bool = { $0 == SwivelEndpoint.installedSocketPath }
        #expect(SwivelEndpoint.defaultSocket(environment: ["SWIVEL_SOCKET": "/x/s.sock"], fileExists: installed) == .socket(path: "/x/s.sock"))
        #expect(SwivelEndpoint.defaultSocket(environment: ["SWIVEL_SOCKET": ""], fileExists: installed) == .socket(path: "/run/swivel/swivel.sock"))
        #expect(SwivelEndpoint.defaultSocket(environment: [:], fileExists: installed) == .socket(path: "/run/swivel/swivel.sock"))
        #expect(SwivelEndpoint.defaultSocket(environment: [:], fileExists: nothing) == .socket(path: "/tmp/swivel.sock"))
        #expect(SwivelEndpoint.serial(path: "/dev/ttyUSB0", baudRate: 921_600).description == "/dev/ttyUSB0 at 921600 baud")
    }

    @Test func wireDurationsNeverTrap() {
        #expect(Duration(wireSeconds: 1.5) == .milliseconds(1500))
        #expect(Duration(wireSeconds: .nan) == .zero)
        #expect(Duration(wireSeconds: -1) == .zero)
        #expect(Duration(wireSeconds: .infinity) == .zero)
        #expect(Duration(wireSeconds: 3.4e38) == .seconds(1_000_000_000))
        #expect(Duration(wireMicroseconds: .max) == .microseconds(Int64.max))
    }
}
