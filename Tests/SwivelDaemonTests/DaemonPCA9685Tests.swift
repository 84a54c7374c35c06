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

/// The built swiveld on boards/sim-pca9685.json5: the two servos' PCA9685 is
/// a register file on the simulated I2C bus, written by the stand's I2C servo
/// writer, on the wall clock.
@Suite(.serialized) struct DaemonPCA9685Tests {
    static let board = BoardFixtures.boardsDirectory + "/sim-pca9685.json5"

    @Test func aMoveReachesItsTargetThroughTheChip() throws {
        let daemon = try TestDaemon(tag: "pca9685", board: Self.board)
        defer { _ = daemon.stop() }
        let reached = try #require(try DockedMove.run(on: daemon, clientName: "pca9685-tests"))
        #expect(abs(reached.yaw - 0.8) < 0.01, "yaw \(reached.yaw)")
        #expect(abs(reached.pitch + 0.3) < 0.01, "pitch \(reached.pitch)")
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("motor faults 0"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
    }
}
