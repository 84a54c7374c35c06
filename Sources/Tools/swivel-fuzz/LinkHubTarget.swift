import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelProtocol
import SwivelRuntime

/// The link hub beside a virtual stand, as LinkHarness wires them in the tests
/// and the daemon on its threads, driven by a script read from the input (see
/// `HubScript`). Every tick is checked against the board's caps; every frame
/// the stand sends must decode; every command the hub decoded must be answered
/// before its session closes; nothing may trap.
enum LinkHubTarget {
    /// Which promises a run checks (`SWIVEL_FUZZ_PROMISES`, default all of them);
    /// traps are always found. A subset lets the fuzzer look past a known bug.
    struct Promises: OptionSet, Sendable {
        let rawValue: Int
        static let caps = Promises(rawValue: 1)
        static let replies = Promises(rawValue: 2)
        static let telemetry = Promises(rawValue: 4)
        static let all: Promises = [.caps, .replies, .telemetry]

        static let names: [(String, Promises)] = [("caps", .caps), ("replies", .replies), ("telemetry", .telemetry)]

        /// "all", "none" or a comma-separated list of names.
        init?(parsing text: String) {
            if text == "all" { self = .all; return }
            if text == "none" { self = []; return }
            var set: Promises = []
            for name in text.split(separator: ",") {
                guard let found = Self.names.first(where: { $0.0 == name }) else { return nil }
                set.insert(found.1)
            }
            self = set
        }

        init(rawValue: Int) { self.rawValue = rawValue }
    }

    struct Setup: Sendable {
        var board: Board
        var promises: Promises
    }

    /// Loaded once per process, before the first input (see FuzzMain).
    nonisolated(unsafe) static var setup: Setup?

    /// Virtual time an input may use: 1 s (ten heartbeat timeouts of the rig), so
    /// one execution stays in the tens of milliseconds under the sanitizers.
    static let maximumTicks = 1_000
    /// Ticks after the script for the last replies to arrive (each comes the tick after its command).
    static let settleTicks = 10

    static func run(_ input: [UInt8]) throws(Violation) {
        guard let setup else { throw Violation("setup", "the hub target runs without a board (FuzzMain loads it)") }
        let rig: HubRig
        do {
            rig = try HubRig(board: setup.board, promises: setup.promises)
        } catch {
            throw Violation("setup", "cannot build the virtual stand: \(error)")
        }
        var script = ScriptReader(input)
        while rig.ticks < maximumTicks, let op = script.op() {
            try HubScript.perform(op, script: &script, on: rig)
        }
        try rig.settle(ticks: settleTicks)
    }
}
