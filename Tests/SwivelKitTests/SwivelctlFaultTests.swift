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
@Suite(.serialized, .timeLimit(.minutes(1))) struct SwivelctlFaultTests {
    @Test func moveWaitExitsOneWithTheFaultsReason() throws {
        let stand = try SwivelctlEndToEndTests.Stand()
        defer { stand.pump.stop() }
        let process = try Subprocess.launch(
            SwivelctlEndToEndTests.swivelctl, ["shell"], environment: ["SWIVEL_SOCKET": stand.socket],
            input: "tracking off\nmove --yaw 2 --duration 3 --wait\nstatus\n")
        // Once the move runs (real time: allow for a loaded machine), jam yaw.
        var moving = false
        for _ in 0..<400 where !moving {
            sleepSeconds(0.025)
            moving = stand.pump.inspect { _, virtual in
                if case .orientation = virtual.stand.status().activeMotion { return true }
                return false
            }
        }
        #expect(moving, "the move never started")
        stand.pump.inspect { _, virtual in try? virtual.simulation.model.jam(axis: "yaw") }
        let result = process.wait()
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
