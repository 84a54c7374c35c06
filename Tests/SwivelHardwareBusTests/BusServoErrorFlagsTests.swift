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

    /// The fault the stand latches carries the shared case, not the flags.
    @Test func theLatchedFaultCarriesTheSharedProblem() {
        let fault = AxisFault.motor(axis: .yaw, problem: BusServoErrorFlags.overload.problem)
        #expect(fault == .motor(axis: .yaw, problem: .overloaded))
        #expect("\(fault)" == "yaw's motor stopped the stand: it reports an overload")
    }
}
