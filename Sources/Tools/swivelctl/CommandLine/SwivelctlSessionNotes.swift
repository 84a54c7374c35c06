import SwivelKit
/// What swivelctl says about sessions. Each invocation is a session of its own,
/// and the stand resets a session's settings when it undocks (the DockKit rule:
/// no grace period), so a setting given as a one-shot command is gone when the
/// command returns. These texts say so instead of letting it vanish silently.
enum SwivelctlSessionNotes {
    /// The words a user typed for a command that changes a session setting; nil
    /// for one that sets nothing. `limits reset` is not one: it restores what
    /// every session starts with, so nothing is lost when its session ends.
    static func setting(of action: SwivelctlCommand.Action) -> String? {
        switch action {
        case .tracking(let enabled): enabled ? "tracking on" : "tracking off"
        case .setLimits: "limits set"
        case .framing(let mode?): "framing \(mode)"
        case .regionOfInterest(_?): "roi"
        case .select: "select"
        case .servoWidth: "servo-width"
        default: nil
        }
    }

    /// The warning a one-shot setting command prints on standard error after it
    /// succeeded; nil when `action` sets nothing.
    static func oneShotWarning(for action: SwivelctlCommand.Action) -> String? {
        guard let setting = setting(of: action) else { return nil }
        return """
            swivelctl: warning: `\(setting)` lasted only for its session, which ended when swivelctl exited: \
            the stand resets tracking, limits, framing, region, selection and a servo's pulse width when a session ends. \
            To keep a setting, run it and the commands that need it in one `swivelctl shell`.
            """
    }

    /// How swivelctl shows a refusal. systemTrackingActive gets the way out:
    /// system tracking is on at the start of every session, so a one-shot
    /// manual command is always refused.
    static func refusal(_ error: SwivelKitError, inShell: Bool) -> String {
        var text = "error: \(error)"
        guard error.code == .stand(.systemTrackingActive) else { return text }
        if inShell {
            text += "\nswivelctl: run `tracking off` first; it lasts until this shell ends"
        } else {
            text += """

                swivelctl: every command is a session of its own and each session starts with system tracking on: \
                run `swivelctl tracking off` and this command in one `swivelctl shell`, \
                e.g. printf 'tracking off\\nmove --yaw 0.5\\n' | swivelctl shell
                """
        }
        return text
    }
}
