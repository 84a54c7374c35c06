#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// The built swiveld on boards/sim-busservo.json5: its two Feetech servos are
/// served on a pty by the simulated board, and the stand reaches them through
/// the real serial code (termios, poll, the bus's own thread) on the wall clock.
@Suite(.serialized) struct DaemonBusServoTests {
    static let board = BoardFixtures.boardsDirectory + "/sim-busservo.json5"

    @Test func aMoveReachesItsTargetThroughTheServosOnThePty() throws {
        let daemon = try TestDaemon(tag: "busservo", board: Self.board)
        defer { _ = daemon.stop() }
        let reached = try #require(try DockedMove.run(on: daemon, clientName: "bus-servo-tests"))
        // The servos' own encoders, 4096 counts a turn: within a few counts.
        #expect(abs(reached.yaw - 0.8) < 0.01, "yaw \(reached.yaw)")
        #expect(abs(reached.pitch + 0.3) < 0.01, "pitch \(reached.pitch)")
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("motor faults 0"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
    }
}
