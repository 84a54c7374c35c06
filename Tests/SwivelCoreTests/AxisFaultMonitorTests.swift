import Testing
@testable import SwivelCore

@Suite struct AxisFaultMonitorTests {
    let parameters = AxisFaultMonitor.Parameters(maximumFollowingErrorRadians: 0.1, silentTravelRadians: 0.05)

    @Test func aFollowingErrorPastTheLimitIsAFault() throws {
        var monitor = try AxisFaultMonitor(axis: .yaw, parameters: parameters)
        #expect(monitor.check(expected: 0, measured: 0) == nil)
        #expect(monitor.check(expected: 0.1, measured: 0.001) == nil)
        #expect(monitor.check(expected: 0.2, measured: 0.002) == .followingError(axis: .yaw, errorRadians: 0.002 - 0.2, limitRadians: 0.1))
        // Either sign.
        var other = try AxisFaultMonitor(axis: .pitch, parameters: parameters)
        #expect(other.check(expected: -0.3, measured: -0.15) == .followingError(axis: .pitch, errorRadians: 0.15, limitRadians: 0.1))
    }

    @Test func anEncoderThatDoesNotChangeWhileTheCommandMovesIsSilent() throws {
        var monitor = try AxisFaultMonitor(axis: .yaw, parameters: parameters)
        #expect(monitor.check(expected: 0, measured: 0) == nil)
        for step in 1...5 { #expect(monitor.check(expected: 0.01 * Double(step), measured: 0) == nil) }
        #expect(monitor.check(expected: 0.051, measured: 0) == .encoderSilent(axis: .yaw, travelRadians: 0.051))
    }

    @Test func anyChangeRestartsTheTravelAndAStillCommandNeverFaults() throws {
        var monitor = try AxisFaultMonitor(axis: .roll, parameters: parameters)
        _ = monitor.check(expected: 0, measured: 0)
        #expect(monitor.check(expected: 0.04, measured: 0) == nil)
        #expect(monitor.check(expected: 0.08, measured: 0.03) == nil)
        #expect(monitor.check(expected: 0.12, measured: 0.03) == nil)
        // Standing still: the encoder need not change.
        var still = try AxisFaultMonitor(axis: .roll, parameters: parameters)
        for _ in 0..<10_000 where still.check(expected: 0.5, measured: 0.49) != nil {
            Issue.record("a still axis faulted")
            break
        }
    }

    @Test func resetForgetsTheHistory() throws {
        var monitor = try AxisFaultMonitor(axis: .yaw, parameters: parameters)
        _ = monitor.check(expected: 0, measured: 0)
        _ = monitor.check(expected: 0.04, measured: 0)
        monitor.reset()
        #expect(monitor.check(expected: 0.5, measured: 0.5) == nil)
        #expect(monitor.check(expected: 0.54, measured: 0.5) == nil)
    }

    @Test func badInputIsRefusedOrReported() throws {
        #expect(throws: SwivelError.invalid(.nonPositiveFaultThreshold, axis: .yaw, value: 0)) {
            try AxisFaultMonitor(axis: .yaw, parameters: .init(maximumFollowingErrorRadians: 0, silentTravelRadians: 0.05))
        }
        #expect(throws: SwivelError.self) {
            try AxisFaultMonitor(axis: .yaw, parameters: .init(maximumFollowingErrorRadians: 0.1, silentTravelRadians: .nan))
        }
        var monitor = try AxisFaultMonitor(axis: .yaw, parameters: parameters)
        #expect(monitor.check(expected: 0, measured: .nan)?.axis == .yaw)
    }

    @Test func refusalsCarryTheMotorFaultCode() {
        let error = AxisFaultMonitor.refusal(for: .followingError(axis: .pitch, errorRadians: 0.2, limitRadians: 0.1))
        #expect(error.code == .motorFault)
        #expect(error.axis == .pitch)
        #expect(error.description.hasPrefix("motorFault: pitch: motor fault: the axis is far"))
    }
}
