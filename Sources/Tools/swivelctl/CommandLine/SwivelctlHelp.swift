import SwivelKit
/// The usage text of `swivelctl` and of each command.
enum SwivelctlHelp {
    struct Command: Sendable {
        let name: String
        let summary: String
        let usage: String
        let details: String
    }

    static let commands: [Command] = [
        Command(
            name: "info", summary: "identity, firmware, model, axes, capabilities",
            usage: "swivelctl info [--json]", details: "Shows what the stand announced when the session began."),
        Command(
            name: "status", summary: "positions, velocities, limits, tracking mode, activity, last move",
            usage: "swivelctl status [--json]", details: "Asks the stand once (GET_STATE) and prints the answer."),
        Command(
            name: "watch", summary: "live positions, velocities, mode and errors",
            usage: "swivelctl watch [--count N] [--json]",
            details: """
                Redraws one line on a terminal; prints one line per motion state (50 a second)
                otherwise. --count N stops after N updates.
                """),
        Command(
            name: "velocity", summary: "turn at a speed until told otherwise",
            usage: "swivelctl velocity [--yaw R] [--pitch R] [--roll R]",
            details: """
                Rates in rad/s; an axis not given is 0, so `velocity` alone stops. Needs system
                tracking off (`tracking off`) in the same session: use `swivelctl shell`.
                """),
        Command(
            name: "move", summary: "move to an orientation",
            usage: "swivelctl move [--yaw R] [--pitch R] [--roll R] [--relative] [--duration S] [--wait] [--json]",
            details: """
                Angles in radians, absolute unless --relative (then from the measured position).
                An axis not given keeps its position. --duration S arrives after S seconds when
                the speed caps allow (default 0: as fast as they allow). --wait waits for the
                move to end; a move a motor fault ends is `failed`: the reason is printed and
                the exit status is 1. At most 2 moves or animations per second. Needs system
                tracking off.
                """),
        Command(
            name: "stop", summary: "decelerate every axis to rest",
            usage: "swivelctl stop", details: "Always allowed, whoever drives the stand."),
        Command(
            name: "clear-fault", summary: "clear a motor fault and take motion again",
            usage: "swivelctl clear-fault",
            details: """
                After a stall, lost steps, a silent encoder or a failed homing (`watch` shows the error) the stand \
                is stopped with its drivers off and refuses motion. This re-enables them where \
                the axes are. Refused (busy) while the axes are still stopping.
                """),
        Command(
            name: "servo-width", summary: "hold a servo at a raw pulse width, to find its end points",
            usage: "swivelctl servo-width --axis yaw|pitch|roll --us MICROSECONDS",
            details: """
                Sends a pulse-width servo (servo, pca9685Servo, panTiltHatServo) the width given, \
                500 to 2500 µs, past the board's minPulseUs/maxPulseUs and the angle limits: jog \
                it down until the horn stops moving or buzzes, back off, and write the width into \
                the board file (boards/README.md, "Finding a servo's end points"). Only with the \
                stand at rest and system tracking off. The axis returns to its angles on the next \
                motion command, STOP, after the board's idle timeout, or when the session ends: \
                run it in `swivelctl shell`, e.g. printf 'tracking off\\nservo-width --axis yaw --us 600\\n' | swivelctl shell
                """),
        Command(
            name: "animate", summary: "play yes, no, wakeup or kapow",
            usage: "swivelctl animate yes|no|wakeup|kapow [--wait] [--json]",
            details: "Starts from the current position. Needs system tracking off."),
        Command(
            name: "limits", summary: "show, set or reset the position and speed limits",
            usage: "swivelctl limits [--json] | limits set [--yaw MIN:MAX:SPEED] [--pitch ...] [--roll ...] | limits reset",
            details: """
                MIN and MAX in radians, SPEED in rad/s. Limits apply inside the board's own and
                last until the session ends: `limits set` on its own is gone when swivelctl exits
                (it warns so); give it and the moves it is for in one `swivelctl shell`.
                """),
        Command(
            name: "tracking", summary: "turn system tracking on or off",
            usage: "swivelctl tracking on|off",
            details: """
                System tracking is on at the start of every session; manual commands are refused
                while it is. A session ends with the command, so `swivelctl tracking off` on its
                own is undone when swivelctl exits (it warns so): run `tracking off` and the
                commands that need it in one `swivelctl shell`.
                """),
        Command(
            name: "framing", summary: "show or set the framing mode",
            usage: "swivelctl framing [automatic|center|left|right] [--json]",
            details: "Without a mode, shows the current one. A mode set lasts until the session ends (see `shell`)."),
        Command(
            name: "roi", summary: "show or set the region of interest",
            usage: "swivelctl roi [X Y WIDTH HEIGHT] [--json]",
            details: """
                Normalized 0...1, origin at the upper left. Without numbers, shows the current region.
                A region set lasts until the session ends (see `shell`).
                """),
        Command(
            name: "select", summary: "choose the subjects to track",
            usage: "swivelctl select --point X,Y | --ids UUID,... | --none",
            details: """
                --point: normalized 0...1, upper-left origin (a point outside is invalidParameter).
                --none returns to automatic selection. A selection lasts until the session ends.
                """),
        Command(
            name: "events", summary: "print the stand's button and gesture events",
            usage: "swivelctl events [--count N] [--json]",
            details: """
                One line per event, until --count N events; without --count it streams until
                Ctrl-C (and says so on standard error). A simulated board's buttons are pressed
                with keys in `make run`'s terminal or by a scene's buttonPresses.
                """),
        Command(
            name: "battery", summary: "print battery states",
            usage: "swivelctl battery [--once | --count N] [--json]",
            details: """
                Each battery's latest state, then one line per change (at 1 % steps), until
                --count N states; without --count it streams until Ctrl-C (and says so on
                standard error). --once prints each battery's state once and exits.
                """),
        Command(
            name: "shell", summary: "run many commands in one session",
            usage: "swivelctl shell",
            details: """
                Reads commands, one per line, and runs them in one session. The stand resets a
                session's settings (tracking, limits, framing, region, selection) when it ends,
                and every swivelctl command outside a shell is a session of its own: a setting
                given that way is gone when the command returns, and swivelctl warns so. On a terminal it prompts with
                `swivel> ` and carries on after an error; otherwise the first failing command
                ends it with that command's exit status. `exit` or end of input ends it.
                """),
        Command(
            name: "help", summary: "help on a command",
            usage: "swivelctl help [COMMAND]", details: "The same as COMMAND --help."),
    ]

    static let topLevel: String = {
        let width = commands.map(\.name.count).max() ?? 0
        let list = commands.map { "  " + $0.name.padding(toLength: width + 2) + $0.summary }.joined(separator: "\n")
        return """
            usage: swivelctl [--port DEVICE [--baud N] | --socket PATH] COMMAND [OPTIONS]
                   swivelctl --help | --version

            Talks to the stand's daemon, swiveld: at $SWIVEL_SOCKET, else
            /run/swivel/swivel.sock when it exists, else /tmp/swivel.sock; or over a
            serial line with --port (default \(SwivelEndpoint.defaultBaudRate) baud). Angles are radians,
            speeds rad/s, durations seconds.

            commands:
            \(list)

            Every command takes --help; those that print data take --json (one JSON
            object per line for streams).

            Sessions: each swivelctl command is a session of its own, and the stand
            resets a session's settings (system tracking back on, limits, framing,
            region, selection) when it ends. `swivelctl tracking off` alone is undone
            when it exits; run the commands that belong together in one `swivelctl shell`:
              printf 'tracking off\\nmove --yaw 0.5 --wait\\n' | swivelctl shell
            exit status: 0 ok, 1 refused by the stand, 2 cannot reach the stand, 64 usage error
            """
    }()

    /// The full help of `topic` (nil: the top level); nil for an unknown command.
    static func text(for topic: String?) -> String? {
        guard let topic else { return topLevel }
        guard let command = commands.first(where: { $0.name == topic }) else { return nil }
        return "usage: \(command.usage)\n\n\(command.details)"
    }

    /// The one usage line printed after a usage error.
    static func usage(for topic: String?) -> String {
        guard let topic, let command = commands.first(where: { $0.name == topic }) else {
            return "usage: swivelctl [--port DEVICE [--baud N] | --socket PATH] COMMAND [OPTIONS]; see swivelctl --help"
        }
        return "usage: \(command.usage)"
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}
