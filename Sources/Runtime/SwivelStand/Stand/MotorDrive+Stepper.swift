import SwivelBoard
import SwivelHardware

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
        })
}
