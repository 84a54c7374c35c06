import SwivelHardware

/// One axis of the stand: a motor model and, optionally, its encoder.
final class SimulatedAxis {
    let rotor: StepperRotor?
    let horn: ServoHorn?
    let pwmChip: Int?
    let pwmChannel: Int?
    var encoder: QuadratureSignal?
    let homeSwitch: SimulatedAxisSpec.Switch?
    /// Fault injection: the axis is held mechanically and does not move.
    var jammed = false
    /// Fault injection: the encoder's wires are cut; it sends no more edges.
    var encoderCut = false

    init(spec: SimulatedAxisSpec, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) {
        homeSwitch = spec.homeSwitch
        switch spec.motor {
        case let .stepper(_, directionLine, enableLine, enableActiveLow, microstepsPerRadian, invertDirection,
                          naturalFrequencyHz, dampingRatio, coastDeceleration, electricalPeriod):
            rotor = StepperRotor(
                microstepsPerRadian: microstepsPerRadian, invertDirection: invertDirection,
                enableActiveLow: enableActiveLow, hasEnableLine: enableLine != nil,
                naturalFrequencyHz: naturalFrequencyHz, dampingRatio: dampingRatio,
                coastDecelerationRadiansPerSecondSquared: coastDeceleration,
                electricalPeriodRadians: Double(electricalPeriod) / microstepsPerRadian,
                angleRadians: spec.initialAngleRadians,
                directionLevel: chip.outputLevel(line: directionLine) ?? false,
                enableLevel: enableLine.flatMap { chip.outputLevel(line: $0) } ?? false)
            horn = nil
            pwmChip = nil
            pwmChannel = nil
        case let .servo(pwmChip, pwmChannel, mapping, slew):
            rotor = nil
            horn = ServoHorn(
                mapping: mapping, slewRadiansPerSecond: slew, angleRadians: spec.initialAngleRadians,
                state: pwm.state(chip: pwmChip, channel: pwmChannel) ?? PWMChannelState(), now: now)
            self.pwmChip = pwmChip
            self.pwmChannel = pwmChannel
        }
        if case let .quadrature(lineA, lineB, countsPerRadian, invert) = spec.encoder {
            encoder = QuadratureSignal(
                lineA: lineA, lineB: lineB, countsPerRadian: countsPerRadian, invert: invert,
                angleRadians: spec.initialAngleRadians)
        }
    }

    var angleRadians: Double { rotor?.angleRadians ?? horn?.angleRadians ?? 0 }
    var velocityRadiansPerSecond: Double { rotor?.velocityRadiansPerSecond ?? horn?.velocityRadiansPerSecond ?? 0 }

    func integrate(seconds: Double) {
        if jammed {
            rotor?.velocityRadiansPerSecond = 0
            return
        }
        rotor?.integrate(seconds: seconds)
        horn?.integrate(seconds: seconds)
    }

    func apply(_ event: OutputEvent, at instant: Int64) {
        switch event.kind {
        case .stepRising: rotor?.stepRisingEdge()
        case .directionLevel: rotor?.directionLevel = event.value != 0
        case .enableLevel: rotor?.enableLevel = event.value != 0
        case .pwmPeriod: horn?.periodNanoseconds = event.value
        case .pwmDuty: horn?.dutyCycleNanoseconds = event.value
        case .pwmEnabled: horn?.setEnabled(event.value != 0, at: instant)
        }
    }
}
