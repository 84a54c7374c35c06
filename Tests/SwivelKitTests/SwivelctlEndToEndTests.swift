#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SwivelTestSupport
import Testing
import SwivelStandHarness

/// The built `swivelctl` binary against the real link hub on a simulated
/// stand, behind a Unix socket listener at a temporary path. Each process is
/// awaited on a thread of its own (`runOffThePool`), not on the cooperative
/// pool the other tests need.
@Suite(.serialized, .hangGuard) struct SwivelctlEndToEndTests {
    /// `swift test` runs the test bundle from the build's bin directory, next to `swivelctl`.
    static let swivelctl: String = {
        var parts = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/swivelctl"
    }()

    struct Stand {
        let directory: TemporaryDirectory
        let pump: StandPump
        var socket: String { directory.file("swivel.sock") }

        init() throws {
            let directory = try TemporaryDirectory()
            self.directory = directory
            self.pump = try StandPump(listeningAt: directory.file("swivel.sock"))
        }

        func run(_ arguments: [String], input: String = "") async throws -> ProcessOutcome {
            try await runOffThePool(SwivelctlEndToEndTests.swivelctl, arguments, environment: ["SWIVEL_SOCKET": socket], input: input)
        }
    }

    struct StatusJSON: Decodable {
        struct Positions: Decodable {
            var pitch: Double
            var yaw: Double
            var roll: Double
        }

        struct Limit: Decodable {
            var minimum: Double?
            var maximum: Double?
            var maximumSpeed: Double
        }

        struct Limits: Decodable {
            var pitch: Limit?
            var yaw: Limit?
            var roll: Limit?
        }

        var positions: Positions
        var limits: Limits
        var systemTracking: Bool
        var dockedSessions: Int
    }

    static func decode<T: Decodable>(_ type: T.Type, _ line: Substring) throws -> T {
        try JSONDecoder().decode(type, from: Data(line.utf8))
    }

    @Test func theBinaryIsBuilt() {
        #expect(access(Self.swivelctl, X_OK) == 0, "expected swivelctl at \(Self.swivelctl): build with `swift build --build-tests`")
    }

    @Test func aShellRunsItsCommandsInOneSession() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let result = try await stand.run(["shell"], input: "tracking off\nmove --yaw 0.5 --duration 1 --wait\nstatus --json\n")
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("request ") == true)
        #expect(lines.first?.contains(" finished: target ") == true)
        let status = try Self.decode(StatusJSON.self, try #require(lines.last))
        #expect(abs(status.positions.yaw - 0.5) < 0.002)
        #expect(!status.systemTracking)
        #expect(status.dockedSessions == 1)
        #expect(abs(stand.pump.measured.yaw - 0.5) < 0.002)
    }

    @Test func aMoveWhileSystemTrackingIsOnIsRefusedWithExitStatus1() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        // Each invocation is a session of its own, and a session starts with system tracking on.
        let result = try await stand.run(["move", "--yaw", "0.5"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("error: systemTrackingActive: system tracking is enabled: turn it off before moving the stand yourself\n"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test func aNonInteractiveShellStopsAtTheFirstFailure() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let refused = try await stand.run(["shell"], input: "status --json\nmove --yaw 0.5\nstatus --json\n")
        #expect(refused.status == 1)
        #expect(refused.standardOutput.split(separator: "\n").count == 1)
        #expect(refused.standardError.contains("error: systemTrackingActive: "))
        let misspelt = try await stand.run(["shell"], input: "tracking of\nstatus\n")
        #expect(misspelt.status == 64)
        #expect(misspelt.standardError.hasPrefix("swivelctl: tracking takes on or off; got \"of\"\nusage: swivelctl tracking on|off\n"))
        #expect(misspelt.standardOutput.isEmpty)
    }

    @Test func nothingListeningIsExitStatus2NamingTheSocket() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("none.sock")
        let result = try await runOffThePool(Self.swivelctl, ["status"], environment: ["SWIVEL_SOCKET": path])
        #expect(result.status == 2)
        #expect(result.standardError == "swivelctl: no socket at \(path): no swiveld has started there; is `make run` running? (or swiveld --board boards/sim.json5)\n")
    }

    @Test func infoAndWatchPrintOneJSONObjectPerLine() async throws {
        struct Info: Decodable {
            var name: String
            var uuid: String
            var axes: [String]
            var capabilities: [String]
        }
        struct Motion: Decodable {
            struct Positions: Decodable { var yaw: Double }
            var positions: Positions
            var timestampSeconds: Double
        }
        let stand = try Stand()
        defer { stand.pump.stop() }
        let info = try await stand.run(["info", "--json"])
        #expect(info.status == 0, "stderr: \(info.standardError)")
        let identity = try Self.decode(Info.self, try #require(info.standardOutput.split(separator: "\n").first))
        #expect(identity.name == "Swivel Simulated Stand")
        #expect(identity.uuid == "5A1E0C3B-9D27-844F-A011-223344556677")
        #expect(identity.axes == ["pitch", "yaw", "roll"])
        #expect(identity.capabilities.contains("orientation"))
        let watch = try await stand.run(["watch", "--count", "3", "--json"])
        #expect(watch.status == 0, "stderr: \(watch.standardError)")
        let states = try watch.standardOutput.split(separator: "\n").map { try Self.decode(Motion.self, $0) }
        #expect(states.count == 3)
        #expect(states.map(\.timestampSeconds) == states.map(\.timestampSeconds).sorted())
    }

    @Test func limitsSetInAShellShowInItsStatus() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let result = try await stand.run(["shell"], input: "limits set --yaw -0.5:0.5:1\nstatus --json\nlimits set --pitch 1:0:1\n")
        #expect(result.status == 1)
        let status = try Self.decode(StatusJSON.self, try #require(result.standardOutput.split(separator: "\n").last))
        #expect(status.limits.yaw?.minimum == -0.5)
        #expect(status.limits.yaw?.maximum == 0.5)
        #expect(status.limits.yaw?.maximumSpeed == 1)
        #expect(result.standardError.hasPrefix("error: invalidParameter: pitch: position range minimum must be below its maximum"))
    }

    @Test func helpAndUsageErrorsNeedNoStand() async throws {
        let help = try await runOffThePool(Self.swivelctl, ["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("usage: swivelctl"))
        let bad = try await runOffThePool(Self.swivelctl, ["move", "--yaw", "left"])
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix("swivelctl: --yaw takes a number; got \"left\"\nusage: swivelctl move "))
    }
}
