import FoundationEssentials
import SwivelKit
@testable import swivelctl
import Testing

@Suite struct SwivelctlParsingTests {
    typealias Command = SwivelctlCommand

    func parse(_ words: String) throws -> Command {
        try Command.parse(words.split(separator: " ").map(String.init))
    }

    func usageError(_ words: String) -> UsageError? {
        do {
            _ = try Command.parse(words.split(separator: " ").map(String.init))
            return nil
        } catch {
            return error
        }
    }

    @Test func globalOptionsChooseTheEndpoint() throws {
        #expect(try parse("info") == Command(action: .info))
        #expect(try parse("--port /dev/ttyUSB0 info").connection == .serial(path: "/dev/ttyUSB0", baudRate: 921_600))
        #expect(try parse("--port /dev/ttyAMA0 --baud 115200 status").connection == .serial(path: "/dev/ttyAMA0", baudRate: 115_200))
        #expect(try parse("--socket /tmp/other.sock status").connection == .socket(path: "/tmp/other.sock"))
        #expect(usageError("--baud 115200 info") == UsageError("--baud needs --port", topic: nil))
        #expect(usageError("--port /dev/x --baud fast info")?.message == "--baud takes a whole number of bits per second; got \"fast\"")
        #expect(usageError("--port /dev/x --socket /tmp/s info")?.message == "--port and --socket cannot be used together")
        #expect(usageError("--port")?.message == "--port needs a value")
    }

    @Test func helpWinsWhereverItIs() throws {
        #expect(try parse("--help").action == .help(topic: nil))
        #expect(try parse("-h").action == .help(topic: nil))
        #expect(try parse("move --help").action == .help(topic: "move"))
        #expect(try parse("move --yaw nonsense --help").action == .help(topic: "move"))
        #expect(try parse("help limits").action == .help(topic: "limits"))
        #expect(try parse("help").action == .help(topic: nil))
        #expect(usageError("help bogus") == UsageError("no help on \"bogus\": not a command", topic: "help"))
        #expect(usageError("") == UsageError("no command given", topic: nil))
        #expect(usageError("bogus") == UsageError("unknown command \"bogus\"", topic: nil))
    }

    @Test func moveTakesAxesDurationAndFlags() throws {
        let move = try parse("move --yaw -0.5 --pitch 0.1 --duration 1.5 --relative --wait --json")
        #expect(move.action == .move(Command.Move(pitch: 0.1, yaw: -0.5, relative: true, durationSeconds: 1.5, wait: true)))
        #expect(move.json)
        #expect(try parse("move --roll 0.2").action == .move(Command.Move(roll: 0.2)))
        #expect(usageError("move") == UsageError("move needs at least one of --yaw, --pitch, --roll", topic: "move"))
        #expect(usageError("move --yaw") == UsageError("--yaw needs a value", topic: "move"))
        #expect(usageError("move --yaw left") == UsageError("--yaw takes a number; got \"left\"", topic: "move"))
        #expect(usageError("move --yaw 1 --duration -1")?.message == "--duration takes seconds from 0 to 86400; got -1.0")
        #expect(usageError("move --yaw 1 --duration 1e300")?.message == "--duration takes seconds from 0 to 86400; got 1e+300")
        #expect(usageError("move --yaw 1 --duration nan")?.topic == "move")
        #expect(usageError("move --yaw 1 --fast") == UsageError("unknown option --fast", topic: "move"))
        #expect(usageError("move --yaw 1 now") == UsageError("unexpected argument \"now\"", topic: "move"))
    }

    @Test func clearFaultTakesNothing() throws {
        #expect(try parse("clear-fault") == Command(action: .clearFault))
        #expect(usageError("clear-fault now") != nil)
        #expect(usageError("clear-fault --json") != nil)
    }

    @Test func velocityDefaultsEveryAxisToZero() throws {
        #expect(try parse("velocity --yaw 0.2 --roll -0.1").action == .velocity(Vector3(yaw: 0.2, roll: -0.1)))
        #expect(try parse("velocity").action == .velocity(.zero))
        #expect(usageError("velocity --yaw 0.2 --json")?.message == "unknown option --json")
    }

    @Test func animateNamesOneOfTheFour() throws {
        #expect(try parse("animate kapow --wait").action == .animate(.kapow, wait: true))
        #expect(try parse("animate yes").action == .animate(.yes, wait: false))
        #expect(usageError("animate dance")?.message == "animate takes one of yes, no, wakeup, kapow; got \"dance\"")
        #expect(usageError("animate")?.message == "animate needs one of yes, no, wakeup, kapow")
    }

    @Test func limitsShowSetAndReset() throws {
        #expect(try parse("limits").action == .showLimits)
        #expect(try parse("limits --json") == Command(action: .showLimits, json: true))
        #expect(try parse("limits reset").action == .resetLimits)
        let set = try parse("limits set --yaw -1:1:0.5 --pitch -0.2:0.3:1")
        var expected = PerAxis<Command.AxisLimit?>(repeating: nil)
        expected.yaw = Command.AxisLimit(minimum: -1, maximum: 1, maximumSpeed: 0.5)
        expected.pitch = Command.AxisLimit(minimum: -0.2, maximum: 0.3, maximumSpeed: 1)
        #expect(set.action == .setLimits(expected))
        #expect(usageError("limits set")?.message == "limits set needs at least one of --yaw, --pitch, --roll")
        #expect(usageError("limits set --yaw 1:2")?.message == "--yaw takes MIN:MAX:SPEED (radians, radians, rad/s); got \"1:2\"")
        #expect(usageError("limits set --yaw a:b:c")?.topic == "limits")
        #expect(usageError("limits bogus")?.message == "limits takes set or reset; got \"bogus\"")
    }

    @Test func trackingFramingRegionAndSelection() throws {
        #expect(try parse("tracking off").action == .tracking(enabled: false))
        #expect(try parse("tracking on").action == .tracking(enabled: true))
        #expect(usageError("tracking maybe")?.message == "tracking takes on or off; got \"maybe\"")
        #expect(usageError("tracking")?.message == "tracking needs on or off")
        #expect(try parse("framing").action == .framing(nil))
        #expect(try parse("framing --json") == Command(action: .framing(nil), json: true))
        #expect(try parse("framing left").action == .framing(.left))
        #expect(usageError("framing diagonal")?.message == "framing takes one of automatic, center, left, right; got \"diagonal\"")
        #expect(try parse("roi").action == .regionOfInterest(nil))
        #expect(try parse("roi 0.25 0 0.5 1").action == .regionOfInterest(NormalizedRectUpperLeft(x: 0.25, y: 0, width: 0.5, height: 1)))
        #expect(usageError("roi 0.25 0 0.5")?.topic == "roi")
        #expect(try parse("select --point 0.5,0.25").action == .select(.point(NormalizedPointUpperLeft(x: 0.5, y: 0.25))))
        let a = "5A1E0C3B-9D27-844F-A011-223344556677", b = "00000000-0000-0000-0000-000000000001"
        #expect(try parse("select --ids \(a),\(b)").action == .select(.subjects([UUID(uuidString: a), UUID(uuidString: b)].compactMap { $0 })))
        #expect(try parse("select --none").action == .select(.automatic))
        #expect(usageError("select --ids nope")?.message == "--ids takes UUIDs separated by commas; \"nope\" is not one")
        #expect(usageError("select --point 0.5")?.topic == "select")
        #expect(usageError("select")?.message == "select needs --point X,Y, --ids UUID,... or --none")
    }

    @Test func streamsTakeACount() throws {
        #expect(try parse("watch --count 3 --json") == Command(action: .watch(count: 3), json: true))
        #expect(try parse("events").action == .events(count: nil))
        #expect(try parse("battery --count 1").action == .battery(count: 1))
        #expect(usageError("battery --count 0")?.message == "--count takes a whole number above 0; got \"0\"")
        #expect(usageError("watch --count many")?.topic == "watch")
    }

    @Test func batteryOncePrintsEachBatteryOnce() throws {
        #expect(try parse("battery --once") == Command(action: .batteryOnce))
        #expect(try parse("battery --json --once") == Command(action: .batteryOnce, json: true))
        #expect(usageError("battery --once --count 2") == UsageError("--once prints each battery once; it takes no --count", topic: "battery"))
        #expect(usageError("battery --once --onc")?.message == "unknown option --onc; did you mean \"--once\"?")
    }

    @Test func aShellLineIsOneCommandWithoutGlobalOptions() throws {
        #expect(try Command.parse(shellLine: "   ") == nil)
        #expect(try Command.parse(shellLine: "# a comment") == nil)
        #expect(try Command.parse(shellLine: "  move --yaw 0.5\t--wait ")?.action == .move(Command.Move(yaw: 0.5, wait: true)))
        #expect(try Command.parse(shellLine: "exit")?.action == .exit)
        #expect(try Command.parse(shellLine: "quit")?.action == .exit)
        #expect(throws: UsageError("already in a shell", topic: "shell")) { try Command.parse(shellLine: "shell") }
        #expect(throws: UsageError("--port is given on the command line, not inside a shell", topic: nil)) {
            try Command.parse(shellLine: "--port /dev/x info")
        }
        #expect(throws: UsageError("unknown command \"exit\"", topic: nil)) { try Command.parse(["exit"]) }
    }

    @Test func everyCommandHasHelpAndTheTopLevelListsThemAll() {
        for command in SwivelctlHelp.commands {
            #expect(SwivelctlHelp.text(for: command.name)?.hasPrefix("usage: swivelctl \(command.name)") == true)
            #expect(SwivelctlHelp.usage(for: command.name) == "usage: \(command.usage)")
            #expect(SwivelctlHelp.topLevel.contains("  \(command.name) "))
        }
        #expect(SwivelctlHelp.text(for: "bogus") == nil)
        #expect(SwivelctlHelp.text(for: nil) == SwivelctlHelp.topLevel)
    }

    /// Issue 24: the help's `printf` example came out with real line breaks,
    /// so copying it gave the shell two broken lines. Each `\n` is printed as
    /// the two characters printf reads.
    @Test func theShellExampleIsPrintedAsOneLineToCopy() throws {
        let example = try #require(SwivelctlHelp.topLevel.split(separator: "\n").first { $0.contains("printf '") })
        #expect(example.hasSuffix("| swivelctl shell"), "\(example)")
        #expect(example.contains(#"printf 'tracking off\nmove --yaw 0.5 --wait\n'"#))
    }
}

/// `servo-width` (SET_SERVO_PULSE): an axis and a width in µs, both required.
@Suite struct SwivelctlServoWidthParsingTests {
    typealias Command = SwivelctlCommand

    func parse(_ words: String) throws -> Command {
        try Command.parse(words.split(separator: " ").map(String.init))
    }

    func usageError(_ words: String) -> String? {
        do {
            _ = try Command.parse(words.split(separator: " ").map(String.init))
            return nil
        } catch {
            return error.message
        }
    }

    @Test func anAxisAndAWidth() throws {
        #expect(try parse("servo-width --axis yaw --us 1500") == Command(action: .servoWidth(axis: .yaw, microseconds: 1500)))
        #expect(try parse("servo-width --us 612.5 --axis pitch") == Command(action: .servoWidth(axis: .pitch, microseconds: 612.5)))
    }

    @Test func bothAreRequiredAndCheckedAsTyped() {
        #expect(usageError("servo-width --axis yaw") == "servo-width needs --axis yaw|pitch|roll and --us MICROSECONDS")
        #expect(usageError("servo-width --us 1500") == "servo-width needs --axis yaw|pitch|roll and --us MICROSECONDS")
        #expect(usageError("servo-width --axis tilt --us 1500") == "--axis takes yaw, pitch or roll; got \"tilt\"")
        #expect(usageError("servo-width --axis yaw --us wide") == "--us takes a number; got \"wide\"")
        #expect(usageError("servo-width --axis yaw --us 1500 --json")?.hasPrefix("unknown option --json") == true)
    }

    @Test func aOneShotJogWarnsThatItEndedWithItsSession() {
        let warning = SwivelctlSessionNotes.oneShotWarning(for: .servoWidth(axis: .yaw, microseconds: 1500))
        #expect(warning?.contains("`servo-width` lasted only for its session") == true)
    }
}
