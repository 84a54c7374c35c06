import SwivelCore
import Testing

/// The status line prints a latched fault's description ten times a second:
/// it must format whatever numbers the fault carries.
@Suite struct AxisFaultDescriptionTests {
    @Test func aSilentEncoderWithANonFiniteReadingPrints() {
        // What AxisFaultMonitor.check reports for a non-finite measurement;
        // Int(NaN) trapped formatting it.
        let fault = AxisFault.encoderSilent(axis: .yaw, travelRadians: .nan)
        #expect(fault.description.contains("through nan rad"))
        let huge = AxisFault.followingError(axis: .pitch, errorRadians: 1e300, limitRadians: 0.08)
        #expect(huge.description.hasPrefix("pitch is 1e+300 rad from where it was commanded (limit 0.080 rad)"))
    }
}
