import SwivelKit
import FoundationEssentials
import SwivelCore

/// Walks the words of one command: global options, the command, its options.
struct SwivelctlParser {
    /// A day: longer is a typo, and past about 10¹¹ s a `Duration` cannot hold it.
    static let longestDurationSeconds = 86_400.0

    private let words: [String]
    private let inShell: Bool
    private var index = 0
    private var topic: String?

    init(_ words: [String], inShell: Bool) {
        self.words = words
        self.inShell = inShell
    }

    mutating func parse() throws(UsageError) -> SwivelctlCommand {
        let connection = try connectionOptions()
        guard let name = next() else { throw UsageError("no command given", topic: nil) }
        if name == "--help" || name == "-h" { return SwivelctlCommand(connection: connection, action: .help(topic: nil)) }
        if name == "--version", !inShell {
            try endOfWords()
            return SwivelctlCommand(connection: connection, action: .version)
        }
        let known = SwivelctlHelp.commands.map(\.name) + (inShell ? ["exit", "quit"] : [])
        guard known.contains(name) else {
            let others = inShell ? [] : ["--help", "--version"] + Self.globalOptions
            throw UsageError("unknown \(name.hasPrefix("-") ? "option" : "command") \"\(name)\"" + Self.suggestion(for: name, among: known + others), topic: nil)
        }
        topic = name
        if words[index...].contains(where: { $0 == "--help" || $0 == "-h" }) {
            return SwivelctlCommand(connection: connection, action: .help(topic: name))
        }
        var json = false
        let action = try command(name, json: &json)
        return SwivelctlCommand(connection: connection, action: action, json: json)
    }

    // MARK: - Words

    private mutating func next() -> String? {
        guard index < words.count else { return nil }
        defer { index += 1 }
        return words[index]
    }

    private func fail(_ message: String) -> UsageError { UsageError(message, topic: topic) }

    private mutating func value(for option: String) throws(UsageError) -> String {
        guard let value = next() else { throw fail("\(option) needs a value") }
        return value
    }

    private mutating func number(for option: String) throws(UsageError) -> Double {
        let text = try value(for: option)
        guard let number = Double(text) else { throw fail("\(option) takes a number; got \"\(text)\"") }
        return number
    }

    private static func number(_ text: String) -> Double? { Double(text) }

    private mutating func count() throws(UsageError) -> Int {
        let text = try value(for: "--count")
        guard let count = Int(text), count > 0 else { throw fail("--count takes a whole number above 0; got \"\(text)\"") }
        return count
    }

    private func unexpected(_ word: String) -> UsageError {
        guard word.hasPrefix("-") else { return fail("unexpected argument \"\(word)\"") }
        return fail("unknown option \(word)" + Self.suggestion(for: word, among: options(of: topic)))
    }

    static let globalOptions = ["--port", "--baud", "--socket"]

    /// The options `command` takes, read off its usage line, so the suggestions
    /// cannot drift from the help.
    private func options(of command: String?) -> [String] {
        guard let usage = SwivelctlHelp.commands.first(where: { $0.name == command })?.usage else { return [] }
        var options: [String] = []
        for word in usage.split(whereSeparator: { !($0.isLetter || $0 == "-") }) where word.hasPrefix("--") {
            if !options.contains(String(word)) { options.append(String(word)) }
        }
        return options + ["--help"]
    }

    /// "; did you mean \"status\"?", or nothing when no candidate is close.
    /// Two edits apart is close for a long word or two swapped letters
    /// (statsu, --wiat), not for a short one: --fast is not --wait.
    static func suggestion(for word: String, among candidates: [String]) -> String {
        guard let candidate = WordSuggestion.closest(to: word, among: candidates) else { return "" }
        let (typed, known) = (Array(word.lowercased()), Array(candidate.lowercased()))
        let close = WordSuggestion.editDistance(typed, known) <= 1 || typed.count >= 8 || typed.sorted() == known.sorted()
        return close ? "; did you mean \"\(candidate)\"?" : ""
    }

    // MARK: - Global options

    private mutating func connectionOptions() throws(UsageError) -> SwivelctlCommand.Connection {
        var port: String?
        var socket: String?
        var baud: Int?
        while index < words.count, words[index].hasPrefix("--"), Self.globalOptions.contains(words[index]) {
            let option = words[index]
            index += 1
            if inShell { throw fail("\(option) is given on the command line, not inside a shell") }
            let text = try value(for: option)
            switch option {
            case "--port": port = text
            case "--socket": socket = text
            default:
                guard let rate = Int(text), rate > 0 else { throw fail("--baud takes a whole number of bits per second; got \"\(text)\"") }
                baud = rate
            }
        }
        if port != nil && socket != nil { throw fail("--port and --socket cannot be used together") }
        if let port { return .serial(path: port, baudRate: baud ?? SwivelEndpoint.defaultBaudRate) }
        if baud != nil { throw fail("--baud needs --port") }
        if let socket { return .socket(path: socket) }
        return .defaultSocket
    }

    // MARK: - Commands

    private mutating func command(_ name: String, json: inout Bool) throws(UsageError) -> SwivelctlCommand.Action {
        switch name {
        case "help":
            let topic = next()
            if let topic, !SwivelctlHelp.commands.contains(where: { $0.name == topic }) {
                throw fail("no help on \"\(topic)\": not a command")
            }
            try end(json: &json, allowJSON: false)
            return .help(topic: topic)
        case "info":
            try end(json: &json)
            return .info
        case "status":
            try end(json: &json)
            return .status
        case "watch":
            return .watch(count: try streamOptions(json: &json))
        case "events":
            return .events(count: try streamOptions(json: &json))
        case "battery":
            if words[index...].contains("--once") {
                while let word = next() {
                    guard word == "--once" || word == "--json" else {
                        throw word == "--count" ? fail("--once prints each battery once; it takes no --count") : unexpected(word)
                    }
                    json = json || word == "--json"
                }
                return .batteryOnce
            }
            return .battery(count: try streamOptions(json: &json))
        case "velocity":
            return .velocity(try velocity())
        case "move":
            return .move(try move(json: &json))
        case "stop":
            try end(json: &json, allowJSON: false)
            return .stop
        case "clear-fault":
            try end(json: &json, allowJSON: false)
            return .clearFault
        case "servo-width":
            return try servoWidth()
        case "animate":
            return try animate(json: &json)
        case "limits":
            return try limits(json: &json)
        case "tracking":
            guard let word = next() else { throw fail("tracking needs on or off") }
            let enabled: Bool
            switch word {
            case "on": enabled = true
            case "off": enabled = false
            default: throw fail("tracking takes on or off; got \"\(word)\"")
            }
            try end(json: &json, allowJSON: false)
            return .tracking(enabled: enabled)
        case "framing":
            return try framing(json: &json)
        case "roi":
            return try regionOfInterest(json: &json)
        case "select":
            return try select()
        case "shell":
            if inShell { throw fail("already in a shell") }
            try end(json: &json, allowJSON: false)
            return .shell
        case "exit", "quit":
            try end(json: &json, allowJSON: false)
            return .exit
        default:
            throw UsageError("unknown command \"\(name)\"", topic: nil)
        }
    }

    /// Nothing may follow (`--version`).
    private mutating func endOfWords() throws(UsageError) {
        if let word = next() { throw unexpected(word) }
    }

    /// Nothing but `--json` (where allowed) may follow.
    private mutating func end(json: inout Bool, allowJSON: Bool = true) throws(UsageError) {
        while let word = next() {
            guard word == "--json", allowJSON else { throw unexpected(word) }
            json = true
        }
    }

    private mutating func streamOptions(json: inout Bool) throws(UsageError) -> Int? {
        var count: Int?
        while let word = next() {
            switch word {
            case "--count": count = try self.count()
            case "--json": json = true
            default: throw unexpected(word)
            }
        }
        return count
    }

    private mutating func velocity() throws(UsageError) -> Vector3 {
        var velocity = Vector3.zero
        while let word = next() {
            switch word {
            case "--yaw": velocity.yaw = try number(for: word)
            case "--pitch": velocity.pitch = try number(for: word)
            case "--roll": velocity.roll = try number(for: word)
            default: throw unexpected(word)
            }
        }
        return velocity
    }

    private mutating func move(json: inout Bool) throws(UsageError) -> SwivelctlCommand.Move {
        var move = SwivelctlCommand.Move()
        while let word = next() {
            switch word {
            case "--yaw": move.yaw = try number(for: word)
            case "--pitch": move.pitch = try number(for: word)
            case "--roll": move.roll = try number(for: word)
            case "--relative": move.relative = true
            case "--duration":
                move.durationSeconds = try number(for: word)
                guard move.durationSeconds >= 0 && move.durationSeconds <= Self.longestDurationSeconds else {
                    throw fail("--duration takes seconds from 0 to \(Int(Self.longestDurationSeconds)); got \(move.durationSeconds)")
                }
            case "--wait": move.wait = true
            case "--json": json = true
            default: throw unexpected(word)
            }
        }
        guard move.yaw != nil || move.pitch != nil || move.roll != nil else {
            throw fail("move needs at least one of --yaw, --pitch, --roll")
        }
        return move
    }

    private mutating func servoWidth() throws(UsageError) -> SwivelctlCommand.Action {
        var axis: Axis?
        var microseconds: Double?
        while let word = next() {
            switch word {
            case "--axis":
                let text = try value(for: word)
                guard let named = Axis.allCases.first(where: { $0.description == text }) else {
                    throw fail("--axis takes yaw, pitch or roll; got \"\(text)\"")
                }
                axis = named
            case "--us": microseconds = try number(for: word)
            default: throw unexpected(word)
            }
        }
        guard let axis, let microseconds else { throw fail("servo-width needs --axis yaw|pitch|roll and --us MICROSECONDS") }
        return .servoWidth(axis: axis, microseconds: microseconds)
    }

    private mutating func animate(json: inout Bool) throws(UsageError) -> SwivelctlCommand.Action {
        let names = AnimationName.allCases.map(\.description)
        guard let word = next() else { throw fail("animate needs one of \(names.joined(separator: ", "))") }
        guard let animation = AnimationName.allCases.first(where: { $0.description == word }) else {
            throw fail("animate takes one of \(names.joined(separator: ", ")); got \"\(word)\"")
        }
        var wait = false
        while let word = next() {
            switch word {
            case "--wait": wait = true
            case "--json": json = true
            default: throw unexpected(word)
            }
        }
        return .animate(animation, wait: wait)
    }

    private mutating func limits(json: inout Bool) throws(UsageError) -> SwivelctlCommand.Action {
        guard index < words.count, !words[index].hasPrefix("-") else {
            try end(json: &json)
            return .showLimits
        }
        switch next() {
        case "reset":
            try end(json: &json, allowJSON: false)
            return .resetLimits
        case "set":
            var limits = PerAxis<SwivelctlCommand.AxisLimit?>(repeating: nil)
            while let word = next() {
                let axis: Axis
                switch word {
                case "--yaw": axis = .yaw
                case "--pitch": axis = .pitch
                case "--roll": axis = .roll
                default: throw unexpected(word)
                }
                let text = try value(for: word)
                let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Self.number(String($0)) }
                guard parts.count == 3, let minimum = parts[0], let maximum = parts[1], let speed = parts[2] else {
                    throw fail("\(word) takes MIN:MAX:SPEED (radians, radians, rad/s); got \"\(text)\"")
                }
                limits[axis] = SwivelctlCommand.AxisLimit(minimum: minimum, maximum: maximum, maximumSpeed: speed)
            }
            guard Axis.allCases.contains(where: { limits[$0] != nil }) else {
                throw fail("limits set needs at least one of --yaw, --pitch, --roll")
            }
            return .setLimits(limits)
        case let word?:
            throw fail("limits takes set or reset; got \"\(word)\"")
        case nil:
            return .showLimits
        }
    }

    private mutating func framing(json: inout Bool) throws(UsageError) -> SwivelctlCommand.Action {
        guard index < words.count, !words[index].hasPrefix("-") else {
            try end(json: &json)
            return .framing(nil)
        }
        let word = next() ?? ""
        guard let mode = FramingMode.allCases.first(where: { $0.description == word }) else {
            let modes = FramingMode.allCases.map(\.description).joined(separator: ", ")
            throw fail("framing takes one of \(modes); got \"\(word)\"")
        }
        try end(json: &json, allowJSON: false)
        return .framing(mode)
    }

    private mutating func regionOfInterest(json: inout Bool) throws(UsageError) -> SwivelctlCommand.Action {
        var numbers: [Double] = []
        while let word = next() {
            if word == "--json" {
                json = true
                continue
            }
            guard let number = Double(word) else { throw unexpected(word) }
            numbers.append(number)
        }
        switch numbers.count {
        case 0: return .regionOfInterest(nil)
        case 4:
            if json { throw fail("--json shows the region; it cannot be combined with setting one") }
            return .regionOfInterest(NormalizedRectUpperLeft(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        default:
            throw fail("roi takes X Y WIDTH HEIGHT (normalized, upper-left origin), or nothing to show it; got \(numbers.count) numbers")
        }
    }

    private mutating func select() throws(UsageError) -> SwivelctlCommand.Action {
        guard let word = next() else { throw fail("select needs --point X,Y, --ids UUID,... or --none") }
        let selection: SwivelctlCommand.Selection
        switch word {
        case "--point":
            let text = try value(for: word)
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Self.number(String($0)) }
            guard parts.count == 2, let x = parts[0], let y = parts[1] else {
                throw fail("--point takes X,Y (normalized, upper-left origin); got \"\(text)\"")
            }
            selection = .point(NormalizedPointUpperLeft(x: x, y: y))
        case "--ids":
            let text = try value(for: word)
            var ids: [UUID] = []
            for part in text.split(separator: ",") {
                guard let id = UUID(uuidString: String(part)) else { throw fail("--ids takes UUIDs separated by commas; \"\(part)\" is not one") }
                ids.append(id)
            }
            guard !ids.isEmpty else { throw fail("--ids needs at least one UUID; use --none for automatic selection") }
            selection = .subjects(ids)
        case "--none":
            selection = .automatic
        default:
            throw unexpected(word)
        }
        if let extra = next() { throw unexpected(extra) }
        return .select(selection)
    }
}
