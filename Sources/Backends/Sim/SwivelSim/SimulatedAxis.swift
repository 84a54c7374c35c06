import SwivelHardware

/// One axis of the stand: a motor model and, optionally, its encoder.
final class SimulatedAxis {
    let motor: any SimulatedMotorModel
    let pwm: PWMOutputAddress?
    var encoder: QuadratureSignal?
    let homeSwitch: SimulatedAxisSpec.Switch?
    /// Fault injection: the axis is held mechanically and does not move.
    var jammed = false
    /// Fault injection: the encoder's wires are cut; it sends no more edges.
    var encoderCut = false

    init(spec: SimulatedAxisSpec, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) {
        homeSwitch = spec.homeSwitch
        motor = spec.motor.spec.makeModel(initialAngleRadians: spec.initialAngleRadians, chip: chip, pwm: pwm, now: now)
        self.pwm = spec.motor.spec.watchedPWM
        if case let .quadrature(lineA, lineB, countsPerRadian, invert) = spec.encoder {
            encoder = QuadratureSignal(
                lineA: lineA, lineB: lineB, countsPerRadian: countsPerRadian, invert: invert,
                angleRadians: spec.initialAngleRadians)
        }
    }

    var angleRadians: Double { motor.angleRadians }
    var velocityRadiansPerSecond: Double { motor.velocityRadiansPerSecond }

    func integrate(seconds: Double) {
        if jammed {
            motor.hold()
            return
        }
        motor.integrate(seconds: seconds)
    }

    func apply(_ event: OutputEvent, at instant: Int64) {
        switch event.kind {
        case .lineLow: motor.lineWritten(Int(event.value), high: false, at: instant)
        case .lineHigh: motor.lineWritten(Int(event.value), high: true, at: instant)
        case .pwmPeriod: motor.pwmWritten(.periodNanoseconds(event.value), at: instant)
        case .pwmDuty: motor.pwmWritten(.dutyCycleNanoseconds(event.value), at: instant)
        case .pwmEnabled: motor.pwmWritten(.enabled(event.value != 0), at: instant)
        }
    }
}
