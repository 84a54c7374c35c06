/// The result of reading `simulation`, whose presence depends on the backend.
enum SimulationRead {
    /// Present and valid for a simulated board, or rightly absent for gpiod.
    case valid(Board.Simulation?)
    case invalid
}

/// `simulation`: the physical model, required exactly when the backend is simulated.
extension BoardDecoder {
    func decodeSimulation(_ root: ObjectFields, backend: Board.Backend?, loopRate: Located<Int>?) -> SimulationRead {
        let path = root.path(of: "simulation")
        switch (backend, root.member("simulation")) {
        case (.gpiod, let member?):
            report(path, line: member.keyPosition.line,
                   "not allowed when backend is \"gpiod\": only a simulated board has a physical model")
            return .invalid
        case (.gpiod, nil):
            return .valid(nil)
        case (.simulated, nil):
            report(path, line: root.line, "required when backend is \"simulated\"")
            return .invalid
        case (nil, nil):
            // The backend's own problem is already reported.
            return .invalid
        case (_, .some):
            break
        }
        guard let simulation = object(root, "simulation", allowed: BoardKeys.simulation, required: true) else {
            return .invalid
        }
        let naturalFrequency = number(simulation, "stepperNaturalFrequencyHz", .closed(1, 2000))
        let damping = number(simulation, "stepperDampingRatio", .closed(0.05, 5))
        let servoSlew = number(simulation, "servoSlewRadPerSec", .closed(0.1, 100))
        let integrationStep = integer(simulation, "integrationStepUs", in: 1...1000)
        if let integrationStep, let loopRate, integrationStep.value * loopRate.value > 1_000_000 {
            report(integrationStep, "the \(integrationStep.value) µs integration step is longer than the loop period "
                + "of \(ValueText.rounded(1e6 / Double(loopRate.value))) µs (loop.rateHz \(loopRate.value))")
            return .invalid
        }
        let batteries = decodeSimulatedBatteries(simulation)
        guard let naturalFrequency, let damping, let servoSlew, let integrationStep, let batteries else { return .invalid }
        return .valid(Board.Simulation(
            stepperNaturalFrequencyHz: naturalFrequency.value, stepperDampingRatio: damping.value,
            servoSlewRadiansPerSecond: servoSlew.value, integrationStepMicroseconds: integrationStep.value,
            batteries: batteries))
    }
}
