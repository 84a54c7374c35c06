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

/// The built swiveld on boards/sim-pantilthat.json5: the Pimoroni HAT's
/// microcontroller is a register file on the simulated I2C bus, written by
/// the stand's I2C servo writer, on the wall clock. The exit summary lists
/// what each simulated servo read from the HAT's registers: its pulse width,
/// or none while its enable bit in the config register is clear.
@Suite(.serialized) struct DaemonPanTiltHATTests {
    static let board = BoardFixtures.boardsDirectory + "/sim-pantilthat.json5"

    /// The widest pulse a summary line lists, µs.
    static func widest(_ summary: String, _ prefix: String) -> Double? {
        guard let line = summary.split(separator: "\n").first(where: { $0.contains(prefix) }),
              let range = line.split(separator: " ").first(where: { $0.contains("...") }),
              let upper = range.components(separatedBy: "...").last
        else { return nil }
        return Double(upper)
    }

    @Test func aMoveReachesTheHATsRegistersAndExitReleasesBothServos() throws {
        let daemon = try TestDaemon(tag: "pantilthat", board: Self.board)
        defer { _ = daemon.stop() }
        let reached = try #require(try DockedMove.run(on: daemon, clientName: "pantilthat-tests"))
        #expect(abs(reached.yaw - 0.8) < 0.01, "yaw \(reached.yaw)")
        #expect(abs(reached.pitch + 0.3) < 0.01, "pitch \(reached.pitch)")

        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let summary = result.standardOutput
        // The library's calibration, 575...2325 µs over ±90°, in whole µs as the HAT's registers hold them:
        // pan 0.8 rad is 575 + (0.8 + π/2) / π × 1750 = 1896 µs; tilt, inverted, -0.3 rad is 1617 µs.
        let pan = try #require(Self.widest(summary, "simulated Pan-Tilt HAT servo 1 (yaw): pulses "), "\(summary)")
        let tilt = try #require(Self.widest(summary, "simulated Pan-Tilt HAT servo 2 (pitch): pulses "), "\(summary)")
        #expect(abs(pan - 1896) <= 1, "pan \(pan) µs")
        #expect(abs(tilt - 1617) <= 1, "tilt \(tilt) µs")
        // Released at exit: both enable bits of the config register cleared, so neither servo gets a pulse.
        #expect(summary.contains("simulated Pan-Tilt HAT servo 1 (yaw): pulses 1450.0...1896.0 µs, off at the end"), "\(summary)")
        #expect(summary.contains("simulated Pan-Tilt HAT servo 2 (pitch): pulses 1450.0...1617.0 µs, off at the end"), "\(summary)")
        #expect(!summary.contains("simulation: 0 integration steps"), "\(summary)")
        #expect(summary.contains("motor faults 0"), "\(summary)")
        #expect(summary.contains("stopped; drivers disabled"))
    }
}
