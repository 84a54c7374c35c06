public import SwivelBoard
public import SwivelHardware
public import SwivelSim
public import SwivelStand

/// The simulated backend: the board's mock hardware wired to the physical
/// model of the stand the board describes. The runtime drives it with the same
/// drivers as real lines; only the far side is a model.
public struct SimulatedHardware {
    /// How late a step may start on the simulated board run on the system
    /// clock (`swiveld` on a desktop): without limit. There is no motor to
    /// miss a step, and a desktop's loop thread, rarely granted SCHED_FIFO, is
    /// held up for tens of milliseconds under load (tick cost p99 36 ms, max
    /// 93 ms measured on a loaded 2-core machine), so a finite tolerance would
    /// fault the simulation at random. Late steps still go out whole, at the
    /// minimum times, never stamped in the past. Real lines and virtual time
    /// keep the board's tolerance (`Board.stepLatenessToleranceNanoseconds`).
    public static let wallClockStepLatenessToleranceNanoseconds = StepLateness.unlimitedNanoseconds

    /// Two loop periods of fine steps per read: the loop reads the encoders
    /// every tick, so only a model that has fallen behind the clock by more
    /// than a tick takes longer steps (see `StandModel`).
    static func maximumStepsPerAdvance(board: Board, stepNanoseconds: Int64) -> Int64 {
        let periodNanoseconds = 1_000_000_000 / Int64(max(board.loopRateHz, 1))
        return max(1, 2 * periodNanoseconds / max(stepNanoseconds, 1))
    }

    public let chip: InMemoryGPIOChip
    public let pwm: InMemoryPWMProvider
    public let model: StandModel
    public let hardware: StandHardware
    /// What the board's motor types simulate beside the model (their `MotorSimulation.simulatedDevices`).
    let motorDevices: [any SimulatedMotorDevices]
    /// The servos behind I2C chips in the model, by axis.
    let i2cServos: [(axis: Axis, spec: SimulatedI2CServoSpec)]

    /// - Parameters:
    ///   - clock: a `ManualClock` for virtual time, the system clock for `make run`.
    ///   - transitionLogCapacity: see `MockHardware`.
    ///   - initialAngles: where the model's axes really are at power-up (an
    ///   incremental encoder reads 0 wherever that is: what homing finds out).
    ///   - devicesOnPty: serve the motor types' simulated serial devices on a
    ///     pty (the daemon on the wall clock); otherwise they answer at once (virtual time).
    ///   - stepExecutor, stepLatenessToleranceNanoseconds: see `MockHardware`.
    ///     In virtual time the board's tolerance applies, as on real lines; on
    ///     the system clock pass `wallClockStepLatenessToleranceNanoseconds`.
    public init(
        board: Board, clock: any MonotonicClock, transitionLogCapacity: Int = 65_536,
        initialAngles: [Axis: Double] = [:], stepExecutor: (any StepExecutor)? = nil,
        stepLatenessToleranceNanoseconds: Int64? = nil, devicesOnPty: Bool = false
    ) throws(StandSetupError) {
        guard let physics = board.simulation else {
            throw StandSetupError("board '\(board.name)' has no simulation section, so it cannot run on the simulated backend")
        }
        var specs: [SimulatedAxisSpec] = []
        for (name, axis) in board.axes.present {
            // A motor simulated elsewhere (on its own simulated devices) has no part in the model.
            guard let motor = try MotorSimulation.entry(for: axis.motor).simulatedMotor(axis.motor.settings, physics, name) else {
                continue
            }
            var encoder: SimulatedAxisSpec.Encoder?
            if case .quadrature(let q) = axis.encoder {
                encoder = .quadrature(lineA: q.lineA, lineB: q.lineB, countsPerRadian: q.countsPerRadian, invert: q.invert)
            }
            let homeSwitch = axis.homing.map { h in
                SimulatedAxisSpec.Switch(line: h.switchLine, positionRadians: h.switchPositionRadians,
                                         closedBelow: !h.towardsPositive, activeLow: h.switchActiveLow)
            }
            specs.append(SimulatedAxisSpec(axis: name, motor: motor, encoder: encoder, homeSwitch: homeSwitch,
                                           initialAngleRadians: initialAngles[name] ?? 0))
        }
        let mock = try MockHardware(
            board: board, clock: clock, transitionLogCapacity: transitionLogCapacity, stepExecutor: stepExecutor,
            stepLatenessToleranceNanoseconds: stepLatenessToleranceNanoseconds)
        chip = mock.chip
        pwm = mock.pwm
        var hardware = mock.hardware
        do {
            // Before any encoder line is requested: the model sets their starting levels.
            let stepNanoseconds = Int64(physics.integrationStepMicroseconds) * 1_000
            model = try StandModel(
                chip: chip, pwm: pwm, clock: clock, integrationStepNanoseconds: stepNanoseconds,
                maximumStepsPerAdvance: Self.maximumStepsPerAdvance(board: board, stepNanoseconds: stepNanoseconds),
                axes: specs)
        } catch {
            throw StandSetupError("simulated stand: \(error)")
        }
        // The AS5600s read the model, so they come after it.
        hardware.i2c = SimulatedI2CBus(
            board: board, model: model, peripherals: specs.compactMap { $0.motor.spec as? any SimulatedI2CPeripheral })
        var motorDevices: [any SimulatedMotorDevices] = []
        for simulation in try MotorSimulation.entries(on: board) {
            if let devices = simulation.simulatedDevices(board, clock, devicesOnPty) { motorDevices.append(devices) }
        }
        if !motorDevices.isEmpty { hardware.byteDevices = SimulatedByteDevices(motorDevices) }
        hardware.busClock = clock
        hardware.beforeTick = { [model] in model.advance(to: model.clock.now()) }
        self.motorDevices = motorDevices
        i2cServos = specs.compactMap { spec in (spec.motor.spec as? SimulatedI2CServoSpec).map { (spec.axis, $0) } }
        self.hardware = hardware
    }
}

extension SimulatedHardware {
    /// After the drivers are disabled and the loop has stopped: the motor
    /// types' resources (a bus's last torque-off exchange), then their
    /// simulated devices (a pty's server).
    public func stop() {
        hardware.motorResources.stopAll()
        for devices in motorDevices { devices.stop() }
    }
}

extension SimulatedHardware {
    /// One line per servo behind an I2C chip, once the loop and the chips'
    /// writers have stopped: the pulses it read from the chip's registers over
    /// the run, and what the registers hold at the end, decoded as the chip
    /// puts it out (off: the chip sends it none, the servo is limp). The end
    /// is read from the registers, not from the servo's last frame: the
    /// writer's last pass comes after the last tick.
    public var i2cServoSummaryLines: [String] {
        i2cServos.map { axis, spec in
            let range = spec.pulses.rangeNanoseconds.map { "pulses \(Self.microseconds($0.lowerBound))...\(Self.microseconds($0.upperBound)) µs" }
                ?? "no pulse"
            let end = spec.pulseNanoseconds(spec.registers.registers).map { "\(Self.microseconds($0)) µs at the end" } ?? "off at the end"
            return "simulated \(spec.output) (\(axis)): \(range), \(end)"
        }
    }

    /// Microseconds to 0.1 µs, as typed in a board file's minPulseUs.
    static func microseconds(_ nanoseconds: Int64) -> String {
        let tenths = (nanoseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10)"
    }
}
