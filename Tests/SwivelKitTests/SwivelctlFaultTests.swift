#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelTestSupport
import Testing

/// `swivelctl move --wait` when a motor fault ends the move: it said the move
/// was cancelled and exited 0.
@Suite(.serialized, .hangGuard) struct SwivelctlFaultTests {
    @Test func moveWaitExitsOneWithTheFaultsReason() async throws {
        let stand = try SwivelctlEndToEndTests.Stand()
        defer { stand.pump.stop() }
        // Yaw jams once the move is 0.1 rad on its way, on the pump's thread: at
        // a point of the stand's time, not whenever a loaded machine runs this test.
        stand.pump.afterEachTick { virtual in
            let status = virtual.stand.status()
            guard case .orientation = status.activeMotion, status.measured.yaw > 0.1 else { return false }
            return (try? virtual.simulation.model.jam(axis: .yaw)) != nil
        }
        let result = try await stand.run(["shell"], input: "tracking off\nmove --yaw 2 --duration 3 --wait\nstatus\n")
        #expect(result.status == 1, "stdout: \(result.standardOutput) stderr: \(result.standardError)")
        #expect(result.standardOutput.contains(" failed"), "\(result.standardOutput)")
        // The reason is the one the stand refuses motion with for the fault it latched.
        let latched = stand.pump.inspect { _, virtual in virtual.stand.status().fault }
        let reason = try #require(latched.map { AxisFaultMonitor.refusal(for: $0).reason.text })
        #expect(result.standardError.contains("request 1 failed: \(reason)"), "\(result.standardError)")
        // A non-interactive shell stops at the first failing command.
        #expect(!result.standardOutput.contains("limits"))
    }

    /// Issue 24: steps that could not be written in time were reported as
    /// "the axis is far from where it was commanded (stalled, skipped steps or
    /// slipped)", sending a maker after a mechanical fault that is not there.
    @Test func moveWaitNamesStepsWrittenTooLateAsSuch() async throws {
        let stand = try SwivelctlEndToEndTests.Stand()
        defer { stand.pump.stop() }
        // Once the move is under way, a tick wakes 2.5 ms late: its steps,
        // planned 1-2 ms after its deadline, are past the tolerance and
        // dropped. A period with no step drops nothing: again the next tick.
        stand.pump.afterEachTick { virtual in
            let status = virtual.stand.status()
            guard case .orientation = status.activeMotion, status.measured.yaw > 0.1 else { return false }
            virtual.tick(wakingLateBy: 2_500_000)
            virtual.skipDeadlines(2)
            virtual.tick()
            return virtual.stand.status().fault != nil
        }
        let result = try await stand.run(["shell"], input: "tracking off\nmove --yaw 2 --duration 3 --wait\n")
        #expect(result.status == 1, "stdout: \(result.standardOutput) stderr: \(result.standardError)")
        let latched = stand.pump.inspect { _, virtual in virtual.stand.status().fault }
        guard case .motor(_, .stepsTooLate)? = latched else {
            Issue.record("expected steps too late, got \(String(describing: latched))")
            return
        }
        let reason = SwivelError.Reason.stepsTooLateFault.text
        #expect(result.standardError.contains("request 1 failed: \(reason)"), "\(result.standardError)")
        #expect(!result.standardError.contains("far from where it was commanded"), "\(result.standardError)")
        // And `status` names the fault with the stand's own account of it.
        let status = try await stand.run(["status"])
        #expect(status.standardOutput.contains("fault:            stepsTooLate on yaw: yaw's steps could not be written in time"),
                "\(status.standardOutput)")
        let json = try await stand.run(["status", "--json"])
        #expect(json.standardOutput.contains(#""fault":{"kind":"stepsTooLate","axis":"yaw""#), "\(json.standardOutput)")
    }
}
