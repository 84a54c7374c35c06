import SwivelBoard
import SwivelCore
import SwivelHardware
#if os(Linux)
import Glibc
import SwivelLinux
#endif
import SwivelSimBackend
import SwivelStand
import SwivelStandHarness
import Testing

/// The AS5600 driver on the simulated stand: its magnet turns with the axis
/// in the physical model, and the stand measures the axis through it.
@Suite struct AS5600StandTests {
    /// One count of the sensor, in axis radians, for a gear ratio of 1.
    static let count = 2 * Double.pi / 4096

    static func board(_ name: String, yawSensor: Board.AS5600) throws -> Board {
        var board = try BoardFixtures.load(name)
        board.axes.yaw?.encoder = .as5600(yawSensor)
        return board
    }

    static func sensor(gearRatio: Double = 1, invert: Bool = false, zero: Double = 0) -> Board.AS5600 {
        Board.AS5600(i2cBus: 1, address: 0x36, gearRatio: gearRatio, invert: invert, zeroOffsetRadians: zero,
                     sampleRateHz: 1000)
    }

    @Test func aMoveArrivesThroughTheMagneticEncoder() throws {
        let sim = try VirtualStand(board: Self.board("sim.json5", yawSensor: Self.sensor()))
        #expect(sim.stand.status().encoderAxes.contains(AxisSet(.yaw)))
        _ = try sim.send(.setOrientation(.angles(Vector3(yaw: 0.5)), durationSeconds: 1, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.05)
        let model = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        let measured = sim.stand.status().measured.yaw
        #expect(abs(measured - model) <= Self.count, "measured \(measured), model \(model)")
        #expect(abs(measured - 0.5) < 0.01)
        #expect(sim.stand.status().encoderIllegalTransitions == 0)
        #expect(sim.stand.status().encoderDroppedEvents == 0)
    }

    @Test func turnsAreCountedOnAContinuousGearedInvertedAxis() throws {
        // Magnet geared 3:1 up, counting backwards, zero offset 0.2 rad: the
        // mapping must still give back the axis angle, across many sensor turns.
        let sim = try VirtualStand(board: Self.board("sim-continuous.json5",
                                                     yawSensor: Self.sensor(gearRatio: 3, invert: true, zero: 0.2)))
        #expect(abs(sim.stand.status().measured.yaw) <= Self.count / 3)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 2.5)))
        sim.run(seconds: 6)
        let model = try #require(sim.simulation.model.angleRadians(axis: .yaw))
        #expect(model > 12, "the axis turned about two turns (\(model) rad), the magnet six")
        let measured = sim.stand.status().measured.yaw
        #expect(abs(measured - model) <= Self.count / 3 + 1e-9, "measured \(measured), model \(model)")
    }

    @Test func softwarePWMIsRefusedOnTheSimulatedBackend() throws {
        var board = try BoardFixtures.load("sim.json5")
        guard var servo = board.axes.roll?.motor.servo else {
            Issue.record("sim.json5's roll is not a servo")
            return
        }
        servo.output = .softwarePWM(line: 18)
        board.axes.roll?.motor = .servo(servo)
        #expect(throws: StandSetupError("roll: the simulated servo is driven through a PWM channel; "
            + "software PWM (softwarePwmLine) runs only on the gpiod backend")) {
            try VirtualStand(board: board)
        }
    }

    @Test func mockHardwareWithoutAModelHasNoI2C() throws {
        let board = try Self.board("sim.json5", yawSensor: Self.sensor())
        let mock = try MockHardware(board: board, clock: ManualClock(), transitionLogCapacity: 16)
        #expect(throws: StandSetupError("yaw: this backend has no I2C bus for the AS5600 on i2c bus 1 at address 0x36")) {
            try Stand.make(board: board, hardware: mock.hardware, playDemo: false)
        }
    }

    #if os(Linux)
    /// The gpiod backend's I2C (`LinuxI2CBus`) under the stand's setup, on a
    /// bus this machine lacks: the stand is refused with the axis, the sensor
    /// and what to do, which swiveld prints after "cannot set up the stand: ".
    @Test(.enabled(if: access("/dev/i2c-63", F_OK) != 0, "this machine has /dev/i2c-63"))
    func aMissingI2CBusStopsTheStandWithItsReason() throws {
        var sensor = Self.sensor()
        sensor.i2cBus = 63
        let board = try Self.board("sim.json5", yawSensor: sensor)
        let mock = try MockHardware(board: board, clock: ManualClock(), transitionLogCapacity: 16)
        var hardware = mock.hardware
        hardware.i2c = LinuxI2CBus()
        #expect(throws: StandSetupError("yaw: AS5600 on i2c bus 63 at address 0x36: /dev/i2c-63 does not exist: "
            + "enable that bus in config.txt (bus 1 is dtparam=i2c_arm=on; others need a dtoverlay) and reboot")) {
            try Stand.make(board: board, hardware: hardware, playDemo: false)
        }
    }
    #endif
}
