import SwivelKit
import FoundationEssentials
import SwivelCore
import SwivelProtocol

/// One `swivelctl` invocation or shell line, parsed. Parsing lives here, not
/// in the executable, so tests can pin it.
struct SwivelctlCommand: Equatable, Sendable {
    /// How to reach the stand; only the command line (not a shell line) sets it.
    enum Connection: Equatable, Sendable {
        /// `$SWIVEL_SOCKET`, else the installed socket if it exists, else /tmp/swivel.sock.
        case defaultSocket
        case socket(path: String)
        case serial(path: String, baudRate: Int)
    }

    struct Move: Equatable, Sendable {
        /// Radians; nil keeps the axis where it is (absolute) or adds 0 (relative).
        var pitch: Double?
        var yaw: Double?
        var roll: Double?
        var relative = false
        /// 0: as fast as the stand's caps allow.
        var durationSeconds: Double = 0
        var wait = false

        init(pitch: Double? = nil, yaw: Double? = nil, roll: Double? = nil, relative: Bool = false, durationSeconds: Double = 0, wait: Bool = false) {
            self.pitch = pitch
            self.yaw = yaw
            self.roll = roll
            self.relative = relative
            self.durationSeconds = durationSeconds
            self.wait = wait
        }
    }

    /// `--yaw MIN:MAX:SPEED`, as typed (the stand's rules are checked when it runs).
    struct AxisLimit: Equatable, Sendable {
        var minimum: Double
        var maximum: Double
        var maximumSpeed: Double

        init(minimum: Double, maximum: Double, maximumSpeed: Double) {
            self.minimum = minimum
            self.maximum = maximum
            self.maximumSpeed = maximumSpeed
        }
    }

    enum Selection: Equatable, Sendable {
        /// Normalized, UPPER-left origin.
        case point(NormalizedPointUpperLeft)
        case subjects([UUID])
        /// Back to automatic selection.
        case automatic
    }

    enum Action: Equatable, Sendable {
        /// nil: the top-level help.
        case help(topic: String?)
        case info
        case status
        case watch(count: Int?)
        case velocity(Vector3)
        case move(Move)
        case stop
        case clearFault
        /// `servo-width`: one servo axis held at a raw pulse width, µs.
        case servoWidth(axis: Axis, microseconds: Double)
        case animate(AnimationName, wait: Bool)
        case showLimits
        case setLimits(PerAxis<AxisLimit?>)
        case resetLimits
        case tracking(enabled: Bool)
        /// nil shows the current mode.
        case framing(FramingMode?)
        /// nil shows the current region.
        case regionOfInterest(NormalizedRectUpperLeft?)
        case select(Selection)
        case events(count: Int?)
        /// Streams until `count` states (forever when nil).
        case battery(count: Int?)
        /// `battery --once`: each battery's state as the stand reported it on docking.
        case batteryOnce
        case shell
        /// `--version`: the firmware version this swivelctl was built with.
        case version
        /// `exit` or `quit` in a shell.
        case exit
    }

    var connection: Connection
    var action: Action
    var json: Bool

    init(connection: Connection = .defaultSocket, action: Action, json: Bool = false) {
        self.connection = connection
        self.action = action
        self.json = json
    }

    /// Whether the action talks to the stand (help and exit do not).
    var needsStand: Bool {
        switch action {
        case .help, .version, .exit: false
        default: true
        }
    }

    /// The command line without the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> SwivelctlCommand {
        var parser = SwivelctlParser(arguments, inShell: false)
        return try parser.parse()
    }

    /// One line typed into `swivelctl shell`; nil for a blank line or a `#` comment.
    static func parse(shellLine line: String) throws(UsageError) -> SwivelctlCommand? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = words.first, !first.hasPrefix("#") else { return nil }
        var parser = SwivelctlParser(words, inShell: true)
        return try parser.parse()
    }
}

extension SwivelctlCommand.Selection {
    /// Refuses a point outside the frame before anything is sent, with the
    /// stand's own code and words (invalidParameter), so the answer does not
    /// depend on whether the stand happens to see a subject there.
    func check() throws(SwivelKitError) {
        guard case .point(let point) = self else { return }
        do throws(SwivelError) {
            try InputRanges.check(point)
        } catch {
            throw SwivelKitError(error)
        }
    }
}

extension SwivelctlCommand {
    /// What `swivelctl --version` prints: the firmware version of the package it
    /// was built from, and the wire protocol it speaks.
    static let versionText = "swivelctl \(FirmwareVersion.string) (protocol \(ProtocolVersion.current))"
}

/// A command line that cannot be run: what is wrong, and which command's
/// usage to show (nil: the top level).
struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    var message: String
    var topic: String?

    init(_ message: String, topic: String?) {
        self.message = message
        self.topic = topic
    }

    var description: String { message }
}
