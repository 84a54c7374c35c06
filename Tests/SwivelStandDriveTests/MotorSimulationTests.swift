import SwivelBoard
import SwivelHardware
@testable import SwivelSimBackend
import SwivelStand
import SwivelStandHarness
import Testing

/// The simulated backend finds a motor type's simulation through its settings
/// type, as the stand finds its drive: a type with a drive but no simulation
/// is refused with its reason, not trapped.
@Suite struct MotorSimulationTests {
    /// A motor type the board decoder does not know: settings and nothing else.
    struct UnsimulatedMotor: MotorSettings {
        static let typeName = "unsimulated"
        var isAbsolute: Bool { false }
        var ownEncoderCountsPerAxisTurn: Double? { nil }
        func maximumStepsPerTick(loopRateHz: Int) -> Int { 0 }
        var summary: String { "unsimulated" }
        var gpioLines: [Int] { [] }
        func isEqual(to other: any MotorSettings) -> Bool { other is Self }
    }

    @Test func aTypeWithoutASimulationIsRefusedWithItsReason() {
        #expect(throws: StandSetupError(
            "motor type \"unsimulated\" has no simulation: its settings type does not conform to SimulatedMotorType"
        )) {
            try MotorSimulation.entry(for: Board.Motor(UnsimulatedMotor()))
        }
    }

    /// Every type a shipped simulated board names has a simulation.
    @Test(arguments: [
        "sim.json5", "sim-continuous.json5", "sim-28byj48.json5", "sim-busservo.json5", "sim-pantilthat.json5", "sim-pca9685.json5",
        "sim-tmc2209.json5",
    ])
    func theShippedTypesAreSimulated(_ file: String) throws {
        let board = try BoardFixtures.load(file)
        #expect(try MotorSimulation.entries(on: board).count == Set(board.axes.present.map { $0.settings.motor.typeName }).count)
    }
}
