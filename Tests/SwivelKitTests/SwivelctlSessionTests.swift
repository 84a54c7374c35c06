import SwivelKit
import SwivelTestSupport
import Testing

/// The built `swivelctl` against the real link hub (as SwivelctlEndToEndTests):
/// a one-shot setting says it ended with its session, the refusal that follows
/// names the shell, and numbers read as they were typed.
@Suite(.serialized, .hangGuard) struct SwivelctlSessionTests {
    typealias Stand = SwivelctlEndToEndTests.Stand

    @Test func aOneShotSettingWarnsThatItEndedAndTheRefusalNamesTheShell() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let off = try await stand.run(["tracking", "off"])
        #expect(off.status == 0)
        #expect(off.standardOutput.isEmpty)
        #expect(off.standardError.hasPrefix(
            "swivelctl: warning: `tracking off` lasted only for its session, which ended when swivelctl exited"))
        #expect(off.standardError.contains("`swivelctl shell`"))
        // The rule holds (no grace period): the next command is a new session, tracking on again.
        let move = try await stand.run(["move", "--yaw", "0.5"])
        #expect(move.status == 1)
        let lines = move.standardError.split(separator: "\n")
        #expect(lines.first == "error: systemTrackingActive: system tracking is enabled: turn it off before moving the stand yourself")
        #expect(lines.dropFirst().first?.contains("run `swivelctl tracking off` and this command in one `swivelctl shell`") == true)
        let limits = try await stand.run(["limits", "set", "--yaw", "-0.5:0.5:1"])
        #expect(limits.status == 0)
        #expect(limits.standardError.contains("`limits set` lasted only for its session"))
    }

    @Test func inAShellThereIsNoWarningAndTheRefusalSaysTrackingOffFirst() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let result = try await stand.run(["shell"], input: "framing left\nmove --yaw 0.5\n")
        #expect(result.status == 1)
        #expect(!result.standardError.contains("warning"))
        #expect(result.standardError.hasSuffix("swivelctl: run `tracking off` first; it lasts until this shell ends\n"))
    }

    @Test func aPointOutsideTheFrameIsInvalidParameter() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let result = try await stand.run(["select", "--point", "2,2"])
        #expect(result.status == 1)
        #expect(result.standardError == "error: invalidParameter: a point must lie inside the frame: 0...1 on both axes (got 2.0)\n")
    }

    @Test func theStandsNumbersReadAsTyped() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        // 100.2 crosses the wire as an f32: Double's description of it would be 100.19999694824219.
        let move = try await stand.run(["shell"], input: "tracking off\nmove --yaw 100.2\n")
        #expect(move.status == 1)
        #expect(move.standardError.hasSuffix("two turns) (got 100.2)\n"), "\(move.standardError)")
        let region = try await stand.run(["roi", "0.2", "0.2", "0.9", "0.5"])
        #expect(region.status == 1)
        #expect(region.standardError.hasSuffix("inside the frame (0...1) (got 1.1)\n"), "\(region.standardError)")
    }

    @Test func batteryOncePrintsEachBatteryAndExitsAndAStreamSaysItStreams() async throws {
        let stand = try Stand()
        defer { stand.pump.stop() }
        let once = try await stand.run(["battery", "--once"])
        #expect(once.status == 0, "stderr: \(once.standardError)")
        #expect(once.standardOutput == "main: 80%, notCharging\ngrip: 60%, charging\n")
        #expect(once.standardError.isEmpty)
        let json = try await stand.run(["battery", "--once", "--json"])
        #expect(json.standardOutput.split(separator: "\n").count == 2)
        #expect(json.standardOutput.hasPrefix("{\"name\":\"main\",\"level\":0.8,"))
        // Without --count it streams until stopped, and says so first.
        let stream = try await runOffThePool(
            "/usr/bin/timeout", ["3", SwivelctlEndToEndTests.swivelctl, "battery"], environment: ["SWIVEL_SOCKET": stand.socket])
        #expect(stream.status == 124, "stopped by timeout, not ended by itself")
        #expect(stream.standardError.hasPrefix("swivelctl: streaming battery states until Ctrl-C, one line per 1 % change"))
        #expect(stream.standardOutput.hasPrefix("main: 80%, notCharging\ngrip: 60%, charging\n"))
        let counted = try await stand.run(["battery", "--count", "2"])
        #expect(counted.standardError.isEmpty, "--count given: no note")
        let help = try await runOffThePool(SwivelctlEndToEndTests.swivelctl, ["help", "battery"])
        #expect(help.standardOutput.contains("streams until Ctrl-C"))
    }

    @Test func versionAndSuggestionsNeedNoStand() async throws {
        let version = try await runOffThePool(SwivelctlEndToEndTests.swivelctl, ["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput.hasPrefix("swivelctl 0."))
        let typo = try await runOffThePool(SwivelctlEndToEndTests.swivelctl, ["statsu"])
        #expect(typo.status == 64)
        #expect(typo.standardError.hasPrefix("swivelctl: unknown command \"statsu\"; did you mean \"status\"?\n"))
    }
}
