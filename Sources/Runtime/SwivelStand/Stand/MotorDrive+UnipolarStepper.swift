import SwivelBoard
import SwivelHardware

extension Board.UnipolarStepper: DrivenMotor {
    /// Four coil lines written by the step executor through a phase
    /// translator, so the stepper's timing and lateness rules hold for it too.
    static let drive = MotorDrive(
        makeActuator: { settings, hardware, owner throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.UnipolarStepper.self)
            do {
                // The translator's STEP and DIR are not wires: the shortest
                // pulse and DIR setup only order its inputs. The shortest time
                // a state is held is the rate limit's step period.
                let planner = try StepPlanner(
                    microstepsPerRadian: s.statesPerRadian, maxStepRateHz: s.maxStepRateHz,
                    minPulseWidthNanoseconds: 1_000, directionSetupNanoseconds: 1_000,
                    invertDirection: s.invertDirection)
                var coils: [any DigitalOutput] = []
                for (index, line) in s.coilLines.enumerated() {
                    coils.append(try hardware.chip.requestOutput(line: line, initialHigh: false, consumer: owner + "-in\(index + 1)"))
                }
                let translator = try UnipolarPhaseTranslator(coils: coils, halfStep: s.sequence == .half)
                let driver = try StepperDriver(
                    step: translator.step, direction: translator.direction, enable: translator.enable,
                    enableActiveLow: false, planner: planner, executor: hardware.executor)
                return UnipolarStepperActuator(
                    driver: driver, translator: translator, holdNanoseconds: Int64(s.holdMilliseconds) * 1_000_000)
            } catch {
                throw StandSetupError("\(error)")
            }
        })
}
