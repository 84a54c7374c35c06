import SwivelHardware
import SwivelSim
import Testing

/// The stand model moves any motor that describes itself as a
/// `SimulatedMotorSpec`: a type outside SwivelSim plugs in without a case in
/// a shared enum. This one is a toy: a line that, high, puts the axis at 1 rad.
@Suite struct SimulatedMotorSpecTests {
    struct Latch: SimulatedMotorSpec, Equatable {
        var line: Int

        var watchedLines: [SimulatedLineWatch] { [SimulatedLineWatch(line: line, role: "LATCH")] }

        func validate(axis: Axis) throws(HardwareError) {}

        func makeModel(initialAngleRadians: Double, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) -> any SimulatedMotorModel {
            Model(angleRadians: initialAngleRadians)
        }
    }

    final class Model: SimulatedMotorModel {
        var angleRadians: Double
        var driven = false
        init(angleRadians: Double) { self.angleRadians = angleRadians }
        var velocityRadiansPerSecond: Double { 0 }
        func integrate(seconds: Double) { if driven { angleRadians = 1 } }
        func hold() {}
        func lineWritten(_ line: Int, high: Bool, at instant: Int64) { driven = high }
        var isDriven: Bool { driven }
    }

    @Test func aMotorFromOutsideTheModelIsRoutedItsLinesAtTheirInstants() throws {
        let clock = ManualClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock)
        let pwm = try InMemoryPWMProvider(clock: clock)
        let model = try StandModel(
            chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: 1_000,
            axes: [SimulatedAxisSpec(axis: .yaw, motor: SimulatedAxisSpec.Motor(Latch(line: 3)))])
        let latch = try chip.requestOutput(line: 3, initialHigh: false, consumer: "latch")
        latch.set(true, at: clock.now().advanced(byNanoseconds: 5_000))
        _ = clock.advance(byNanoseconds: 4_000)
        #expect(model.angleRadians(axis: .yaw) == 0, "not before its instant")
        #expect(model.isDriven(axis: .yaw) == false)
        _ = clock.advance(byNanoseconds: 2_000)
        #expect(model.angleRadians(axis: .yaw) == 1)
        #expect(model.isDriven(axis: .yaw) == true)
        #expect(throws: HardwareError.self) { try model.skipSteps(axis: .yaw, fraction: 0.5) }
    }

    /// Its lines are claimed like any other: a clash names its role.
    @Test func itsLinesAreClaimedWithTheirRoles() throws {
        let clock = ManualClock()
        let chip = try InMemoryGPIOChip(label: "sim", lineCount: 8, clock: clock)
        let pwm = try InMemoryPWMProvider(clock: clock)
        let error = #expect(throws: HardwareError.self) {
            try StandModel(
                chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: 1_000,
                axes: [SimulatedAxisSpec(axis: .yaw, motor: SimulatedAxisSpec.Motor(Latch(line: 3))),
                       SimulatedAxisSpec(axis: .pitch, motor: SimulatedAxisSpec.Motor(Latch(line: 3)))])
        }
        #expect(error?.kind == .lineBusy)
        #expect(error?.reason.contains("LATCH line 3 is already the LATCH line of 'yaw'") == true, "\(String(describing: error))")
    }
}
