public import SwivelHardware
public import SwivelProtocol

/// Polls the board's batteries about once a second, off the real-time thread,
/// and says which changed. Levels are compared at 1 % resolution (what the
/// power_supply class reports), so a slowly draining battery is sent once per
/// percent, not once per poll.
///
/// A battery that cannot be found (removed) is reported as level 0,
/// `notChargeable`, not low: "no battery here", until it returns. A battery
/// whose files cannot be read or make no sense keeps its last state; the
/// problem is logged once until it changes.
public final class BatteryMonitor {
    public struct Entry: Equatable, Sendable {
        /// The name hosts see.
        public var name: String
        /// What the source calls it (a power_supply directory).
        public var supply: String

        public init(name: String, supply: String) {
            self.name = name
            self.supply = supply
        }
    }

    public let entries: [Entry]
    public let intervalNanoseconds: Int64
    private let source: any PowerSupplySource
    private var nextPoll: MonotonicInstant?
    /// The state last reported for each entry (nil before the first reading).
    public private(set) var states: [BatteryState?]
    private var lastProblems: [PowerSupplyError?]

    public init(entries: [Entry], source: any PowerSupplySource, intervalNanoseconds: Int64 = 1_000_000_000) {
        self.entries = entries
        self.source = source
        self.intervalNanoseconds = max(1, intervalNanoseconds)
        states = Array(repeating: nil, count: entries.count)
        lastProblems = Array(repeating: nil, count: entries.count)
    }

    /// Every battery's current state, for a host that just docked.
    public var current: [BatteryState] { states.compactMap { $0 } }

    /// Whether the batteries have been read at all yet.
    public var hasPolled: Bool { nextPoll != nil }

    /// Reads every battery if a poll is due; returns the states that changed
    /// and the problems that are new since the last poll.
    public func poll(at now: MonotonicInstant) -> (changed: [BatteryState], problems: [PowerSupplyError]) {
        if let nextPoll, now < nextPoll { return ([], []) }
        nextPoll = now.advanced(byNanoseconds: intervalNanoseconds)
        var changed: [BatteryState] = []
        var problems: [PowerSupplyError] = []
        for (index, entry) in entries.enumerated() {
            let state: BatteryState?
            do throws(PowerSupplyError) {
                let reading = try source.read(entry.supply)
                lastProblems[index] = nil
                state = Self.state(entry.name, reading)
            } catch {
                if lastProblems[index] != error { problems.append(error) }
                lastProblems[index] = error
                state = error.kind == .missing
                    ? BatteryState(name: entry.name, level: 0, chargeState: .notChargeable, lowBattery: false) : nil
            }
            guard let state, state != states[index] else { continue }
            states[index] = state
            changed.append(state)
        }
        return (changed, problems)
    }

    static func state(_ name: String, _ reading: BatteryReading) -> BatteryState {
        let level = (min(max(reading.level, 0), 1) * 100).rounded() / 100
        return BatteryState(name: name, level: level, chargeState: reading.chargeState, lowBattery: reading.lowBattery)
    }
}
