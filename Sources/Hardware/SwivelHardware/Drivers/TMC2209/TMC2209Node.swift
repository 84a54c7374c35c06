import Synchronization

/// One TMC2209 on a shared UART as the tick sees it: what the bus's poll last
/// read from it, in atomics, so neither side ever waits on the other.
public final class TMC2209Node: Sendable {
    public let address: UInt8
    public let configuration: TMC2209Configuration
    /// `Code` of the most severe shutdown DRV_STATUS or GSTAT showed at the last good poll.
    private let problemCode = Atomic<UInt8>(0)
    private let missedInARow = Atomic<Int>(0)
    /// Polls in a row without an answer before the driver counts as silent (half a second at 10 Hz).
    public static let silentAfterMissedPolls = 5

    public init(address: UInt8, configuration: TMC2209Configuration) {
        self.address = address
        self.configuration = configuration
    }

    /// The driver's problem in the shared vocabulary, or nil while it drives.
    public var problem: MotorProblem? {
        let missed = missedInARow.load(ordering: .relaxed)
        if missed >= Self.silentAfterMissedPolls { return .silent(missedExchanges: missed) }
        return Code(rawValue: problemCode.load(ordering: .acquiring))?.problem
    }

    func polled(status: TMC2209DriverStatus, global: TMC2209GlobalStatus) {
        missedInARow.store(0, ordering: .relaxed)
        problemCode.store(Code(status: status, global: global).rawValue, ordering: .releasing)
    }

    func missedPoll() { missedInARow.add(1, ordering: .relaxed) }

    /// Only what switches the bridges off, or loses the set-up, stops the stand:
    /// the pre-warning and open load (which StealthChop at rest reports falsely) do not.
    private enum Code: UInt8 {
        case none = 0, overTemperature, shortToGroundA, shortToGroundB, shortToSupplyA, shortToSupplyB, reset

        init(status: TMC2209DriverStatus, global: TMC2209GlobalStatus) {
            let shutdown = status.faults.first(where: \.shutsDownDriver)
            switch shutdown {
            case .overTemperature: self = .overTemperature
            case .shortToGround(.a): self = .shortToGroundA
            case .shortToGround(.b): self = .shortToGroundB
            case .shortToSupply(.a): self = .shortToSupplyA
            case .shortToSupply(.b): self = .shortToSupplyB
            case .overTemperatureWarning, .openLoad, nil: self = global.contains(.reset) ? .reset : .none
            }
        }

        var problem: MotorProblem? {
            switch self {
            case .none: nil
            case .overTemperature: .overheating
            case .shortToGroundA: .shortToGround(coil: .a)
            case .shortToGroundB: .shortToGround(coil: .b)
            case .shortToSupplyA: .shortToSupply(coil: .a)
            case .shortToSupplyB: .shortToSupply(coil: .b)
            case .reset: .lostSettings
            }
        }
    }
}
