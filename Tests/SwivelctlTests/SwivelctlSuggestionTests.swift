import SwivelKit
@testable import swivelctl
import Testing

/// What swivelctl says when a word is wrong, when a setting would vanish with
/// its session, and which version it is: the texts themselves, pinned here;
/// SwivelctlSessionTests shows them through the built binary.
@Suite struct SwivelctlSuggestionTests {
    func usageError(_ words: String, inShell: Bool = false) -> UsageError? {
        do {
            if inShell {
                _ = try SwivelctlCommand.parse(shellLine: words)
            } else {
                _ = try SwivelctlCommand.parse(words.split(separator: " ").map(String.init))
            }
            return nil
        } catch {
            return error
        }
    }

    @Test func anUnknownCommandSuggestsTheClosestOne() {
        #expect(usageError("statsu") == UsageError("unknown command \"statsu\"; did you mean \"status\"?", topic: nil))
        #expect(usageError("trackin off")?.message == "unknown command \"trackin\"; did you mean \"tracking\"?")
        #expect(usageError("--verison")?.message == "unknown option \"--verison\"; did you mean \"--version\"?")
        #expect(usageError("qiut", inShell: true)?.message == "unknown command \"qiut\"; did you mean \"quit\"?")
        // Nothing within two edits: no guess.
        #expect(usageError("frobnicate")?.message == "unknown command \"frobnicate\"")
    }

    @Test func anUnknownOptionSuggestsOneOfThatCommandsOptions() {
        #expect(usageError("move --yaw 1 --wiat") == UsageError("unknown option --wiat; did you mean \"--wait\"?", topic: "move"))
        #expect(usageError("watch --cont 3")?.message == "unknown option --cont; did you mean \"--count\"?")
        #expect(usageError("limits set --yaww 0:1:1")?.message == "unknown option --yaww; did you mean \"--yaw\"?")
        // Two letters changed in a short word is another word, not a typo.
        #expect(usageError("move --yaw 1 --fast")?.message == "unknown option --fast")
        // --wait is move's, not velocity's: velocity's own options are the candidates.
        #expect(usageError("velocity --wait")?.message == "unknown option --wait")
    }

    @Test func versionNeedsNoStandAndTakesNothingElse() throws {
        let command = try SwivelctlCommand.parse(["--version"])
        #expect(command.action == .version)
        #expect(!command.needsStand)
        #expect(SwivelctlCommand.versionText.hasPrefix("swivelctl 0."))
        #expect(SwivelctlCommand.versionText.hasSuffix(" (protocol 1)"))
        #expect(usageError("--version info")?.message == "unexpected argument \"info\"")
        #expect(usageError("--version", inShell: true)?.message.hasPrefix("unknown option \"--version\"") == true)
    }

    @Test func everySettingCommandWarnsAndNothingElseDoes() throws {
        func warning(_ words: String) throws -> String? {
            SwivelctlSessionNotes.oneShotWarning(for: try SwivelctlCommand.parse(words.split(separator: " ").map(String.init)).action)
        }
        for words in ["tracking off", "tracking on", "limits set --yaw -1:1:1", "framing left", "roi 0.1 0.1 0.5 0.5", "select --none"] {
            let text = try #require(try warning(words), "\(words)")
            #expect(text.contains("lasted only for its session, which ended when swivelctl exited"), "\(words)")
            #expect(text.contains("`swivelctl shell`"), "\(words)")
        }
        #expect(try warning("tracking off")?.hasPrefix("swivelctl: warning: `tracking off` lasted") == true)
        #expect(try warning("framing left")?.contains("`framing left`") == true)
        for words in ["status", "limits", "limits reset", "framing", "roi", "move --yaw 1", "info"] {
            #expect(try warning(words) == nil, "\(words)")
        }
    }

    @Test func theTrackingRefusalNamesTheShell() {
        let refusal = SwivelKitError(.systemTrackingActive, "system tracking is enabled")
        let oneShot = SwivelctlSessionNotes.refusal(refusal, inShell: false)
        #expect(oneShot.hasPrefix("error: systemTrackingActive: system tracking is enabled\n"))
        #expect(oneShot.contains("`swivelctl tracking off` and this command in one `swivelctl shell`"))
        #expect(SwivelctlSessionNotes.refusal(refusal, inShell: true).hasSuffix("run `tracking off` first; it lasts until this shell ends"))
        #expect(SwivelctlSessionNotes.refusal(SwivelKitError(.busy, "stopping"), inShell: false) == "error: busy: stopping")
    }

    @Test func aPointOutsideTheFrameIsInvalidBeforeItIsSent() throws {
        #expect(throws: SwivelKitError(.invalidParameter, "a point must lie inside the frame: 0...1 on both axes (got 2.0)")) {
            try SwivelctlCommand.Selection.point(NormalizedPointUpperLeft(x: 2, y: 2)).check()
        }
        #expect(throws: SwivelKitError.self) { try SwivelctlCommand.Selection.point(NormalizedPointUpperLeft(x: 0.5, y: -0.1)).check() }
        #expect(throws: SwivelKitError.self) { try SwivelctlCommand.Selection.point(NormalizedPointUpperLeft(x: .nan, y: 0.5)).check() }
        try SwivelctlCommand.Selection.point(NormalizedPointUpperLeft(x: 1, y: 0)).check()
        try SwivelctlCommand.Selection.automatic.check()
    }
}
