import SwivelHardware
import Testing

/// A bus servo turns its own status bits into the shared fault vocabulary
/// itself, so nothing shared carries `BusServoErrorFlags`.
@Suite struct BusServoErrorFlagsTests {
    @Test func theMostTellingBitNamesTheProblem() {
        #expect(BusServoErrorFlags([.overload, .overcurrent, .overheating]).problem == .overheating)
        #expect(BusServoErrorFlags([.overload, .overcurrent, .positionSensor]).problem == .overloaded)
        #expect(BusServoErrorFlags([.overcurrent, .supplyVoltage]).problem == .overcurrent)
        #expect(BusServoErrorFlags([.positionSensor, .supplyVoltage]).problem == .positionSensor)
        #expect(BusServoErrorFlags.supplyVoltage.problem == .supplyVoltage)
    }

    /// The actuator's fault is the shared case, not the flags.
    @Test func anActuatorFaultCarriesTheSharedProblem() {
        let fault = ActuatorFault.motorReported(BusServoErrorFlags.overload.problem)
        #expect(fault == .motorReported(.overloaded))
        #expect("\(fault)" == "the motor reports: it reports an overload")
    }
}
