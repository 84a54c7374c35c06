#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelPorts
import SwivelProtocol
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// The built swiveld on boards/sim-tmc2209.json5: its two TMC2209s are
/// simulated on a pty with the one-wire echo, and the stand sets them up and
/// polls them through the real serial code on the wall clock.
/// `SWIVEL_SIM_TMC2209` scripts a driver that fails (SimulatedTMC2209Script).
@Suite(.serialized) struct DaemonTMC2209Tests {
    static let board = BoardFixtures.boardsDirectory + "/sim-tmc2209.json5"

    @Test func itStartsMovesAndStopsWithTheDriversSetUp() throws {
        let daemon = try TestDaemon(tag: "tmc2209", board: Self.board)
        defer { _ = daemon.stop() }
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try host.call(.hello(Hello(clientName: "tmc2209-tests"))) != nil)
        host.keepAlive = true
        #expect(try host.call(.setSystemTracking(enabled: false))?.isAck == true)
        let move = OrientationRequest(target: .angles(Vector3(pitch: -0.3, yaw: 0.8)), durationSeconds: 1, relative: false)
        #expect(try host.call(.setOrientation(move)) != nil)
        try host.pump(standSeconds: 1.5)
        let state = try #require(try host.state())
        #expect(state.faultCause == .none, "\(state.faultDescription)")
        let result = daemon.stop()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("motor faults 0"), "\(result.standardOutput)")
        // What the simulated drivers were left holding is the board's configuration, write for write.
        let board = try BoardLoader.load(contentsOf: Self.board)
        for axis in [Axis.yaw, .pitch] {
            let stepper = try #require(board.axes.perAxis[axis]?.motor.stepper)
            let uart = try #require(stepper.tmc2209)
            let writes = try TMC2209Configuration(
                microsteps: stepper.microsteps, runRMSAmperes: uart.runCurrentAmperes, holdRMSAmperes: uart.holdCurrentAmperes,
                senseResistorOhms: uart.senseResistorOhms,
                stealthChopUpToStepsPerSecond: uart.stealthChopThresholdRadiansPerSecond.map { $0 * stepper.microstepsPerRadian }
            ).setupWrites()
            func value(_ register: UInt8) -> String {
                TMC2209SetupError.hex(writes.first { $0.register == register }?.value ?? 0xDEAD)
            }
            let expected = "simulated TMC2209 at address \(uart.address): GCONF \(value(TMC2209Register.gconf)), "
                + "CHOPCONF \(value(TMC2209Register.chopconf)), IHOLD_IRUN \(value(TMC2209Register.iholdIrun)), "
                + "TPWMTHRS \(value(TMC2209Register.tpwmthrs)), GSTAT 0x00000000, IFCNT 0x00000005"
            #expect(result.standardOutput.contains(expected), "\(expected)\n\(result.standardOutput)")
        }
    }

    @Test func anOverTemperatureInTheDriverIsAMotorFaultWithItsReason() throws {
        // Pitch's driver (address 1) overheats after its 5th status read: half a second into the run.
        let daemon = try TestDaemon(tag: "tmc2209-hot", board: Self.board, environment: ["SWIVEL_SIM_TMC2209": "overTemperature=1@5"])
        defer { _ = daemon.stop() }
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        #expect(try host.call(.hello(Hello(clientName: "tmc2209-tests"))) != nil)
        var report: StateReport?
        let end = RawHost.now() + 10
        while RawHost.now() < end {
            report = try host.state()
            if report == nil || report?.faultCause != nil { break }
            try host.pump(seconds: 0.1)
        }
        let faulted = try #require(report)
        #expect(faulted.faultCause == .motorReported)
        #expect(faulted.faultAxis == .pitch)
        #expect(faulted.faultDescription == "pitch's motor stopped the stand: it reports overheating", "\(faulted.faultDescription)")
        let status = try Subprocess.run(DaemonLinkTests.swivelctl, ["--socket", daemon.socketPath, "status"])
        #expect(status.standardOutput.contains("on pitch: pitch's motor stopped the stand: it reports overheating"), "\(status.standardOutput)")
    }

    @Test func aDriverThatDoesNotAnswerStopsTheStartWithTheReason() throws {
        let result = try Subprocess.run(
            DaemonTests.swiveld, DaemonTests.isolated(["--board", Self.board, "--no-demo", "--duration", "1"], tag: "tmc2209-silent"),
            environment: ["SWIVEL_SIM_TMC2209": "silent=1"])
        #expect(result.status == 78, "stderr: \(result.standardError)")  // EX_CONFIG
        #expect(result.standardError.contains("TMC2209 at address 1 on pty did not answer (no reply to IFCNT read)"), "\(result.standardError)")
    }
}
