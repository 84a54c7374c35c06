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
}
