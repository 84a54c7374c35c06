import SwivelBoard
import SwivelHardware
import SwivelSim

extension Board.Stepper: DrivenMotor {
    /// A step/dir driver: STEP, DIR and ENABLE lines and the step executor.
    static let drive = MotorDrive(
        makeActuator: { settings, hardware, owner throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.Stepper.self)
            do {
                let planner = try StepPlanner(
                    microstepsPerRadian: s.microstepsPerRadian, maxStepRateHz: s.maxStepRateHz,
                    minPulseWidthNanoseconds: Int64(s.minPulseWidthNanoseconds),
                    directionSetupNanoseconds: Int64(s.directionSetupNanoseconds),
                    invertDirection: s.invertDirection)
                let chip = hardware.chip
                let step = try chip.requestOutput(line: s.stepLine, initialHigh: false, consumer: owner + "-step")
                let direction = try chip.requestOutput(line: s.directionLine, initialHigh: false, consumer: owner + "-dir")
                let enable = try s.enableLine.map { line throws(HardwareError) in
                    try chip.requestOutput(line: line, initialHigh: s.enableActiveLow, consumer: owner + "-enable")
                }
                let driver = try StepperDriver(
                    step: step, direction: direction, enable: enable, enableActiveLow: s.enableActiveLow,
                    planner: planner, executor: hardware.executor)
                guard let uart = s.tmc2209 else { return driver }
                // Set up and confirmed with every other driver on its UART once all axes are built.
                let buses = hardware.motorResources.resource(TMC2209Resource.self) { TMC2209Resource(hardware) }
                return TMC2209Stepper(stepper: driver, node: try buses.node(for: uart, of: s))
            } catch let error as StandSetupError {
                throw error
            } catch {
                throw StandSetupError("\(error)")
            }
        },
        simulatedMotor: { settings, physics, _ throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.Stepper.self)
            return .stepper(
                stepLine: s.stepLine, directionLine: s.directionLine, enableLine: s.enableLine,
                enableActiveLow: s.enableActiveLow, microstepsPerRadian: s.microstepsPerRadian,
                invertDirection: s.invertDirection, naturalFrequencyHz: physics.stepperNaturalFrequencyHz,
                dampingRatio: physics.stepperDampingRatio, electricalPeriodMicrosteps: 4 * s.microsteps)
        },
        // The model moves the rotor; the drivers' UART is simulated beside it.
        simulatedDevices: { board, clock, onPty in
            SimulatedTMC2209Devices.uarts(on: board).isEmpty ? nil : SimulatedTMC2209Devices(board: board, clock: clock, onPty: onPty)
        })
}
