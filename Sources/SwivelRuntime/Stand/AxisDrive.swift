public import SwivelCore
public import SwivelHardware

/// One axis's hardware as the tick sees it: the motor driver and, when the
/// board has one, the encoder the axis's position is measured with.
public final class AxisDrive {
    public enum Motor {
        case stepper(StepperDriver)
        case servo(ServoDriver)
    }

    public let axis: Axis
    public let motor: Motor
    public let encoder: (any PositionEncoder)?
    /// The home switch, on an axis that homes.
    public let homeSwitch: HomeSwitch?
    /// Failures of the driver on commanded positions (never expected: every
    /// position comes out of the limiter finite and in range).
    public private(set) var driverFaults: UInt64 = 0

    init(axis: Axis, motor: Motor, encoder: (any PositionEncoder)?, homeSwitch: HomeSwitch? = nil) {
        self.axis = axis
        self.motor = motor
        self.encoder = encoder
        self.homeSwitch = homeSwitch
    }

    /// The position measured through the encoder, or nil on an open-loop axis.
    func measure() -> Radians? {
        guard let encoder else { return nil }
        encoder.update()
        return encoder.positionRadians
    }

    /// Drives the motor to `position` over [start, end]. A servo that is off
    /// gets no pulse width (nothing would read it); `enable` writes it.
    func drive(to position: Radians, from start: MonotonicInstant, until end: MonotonicInstant) {
        do {
            switch motor {
            case .stepper(let stepper): try stepper.move(toRadians: position, from: start, until: end)
            case .servo(let servo):
                guard servo.isEnabled else { return }
                try servo.command(angleRadians: position, at: start)
            }
        } catch {
            driverFaults &+= 1
        }
    }

    /// Energises the motor at `instant`: ENABLE active, or a servo's pulse
    /// train started on the pulse for `position` (written first, so the first
    /// pulse is that one and not a stale or empty one).
    func enable(at instant: MonotonicInstant, holding position: Radians) {
        switch motor {
        case .stepper(let stepper): stepper.enable(at: instant)
        case .servo(let servo):
            do {
                try servo.command(angleRadians: position, at: instant)
            } catch {
                driverFaults &+= 1
            }
            servo.enable(at: instant)
        }
    }

    func disable(at instant: MonotonicInstant) {
        switch motor {
        case .stepper(let stepper): stepper.disable(at: instant)
        case .servo(let servo): servo.disable(at: instant)
        }
    }

    var isEnabled: Bool {
        switch motor {
        case .stepper(let stepper): stepper.isEnabled
        case .servo(let servo): servo.isEnabled
        }
    }

    /// Moves every notion of the axis's position by `offset` (it was just
    /// homed): the encoder's reading and the stepper's step count.
    func shift(by offset: Radians, measured: Radians, commanded: Radians) {
        do {
            try encoder?.rebase(toRadians: measured + offset)
        } catch {
            driverFaults &+= 1
        }
        adopt(position: commanded)
    }

    /// Declares the axis to be at `position` without moving it (a stepper's
    /// step count is bookkeeping; a servo's pulse is absolute).
    func adopt(position: Radians) {
        guard case .stepper(let stepper) = motor else { return }
        do {
            try stepper.rebase(toRadians: position)
        } catch {
            driverFaults &+= 1
        }
    }

    /// The stepper's executor dropped steps it could not write in time; nil on a servo.
    var lateSteps: StepLateFault? {
        if case .stepper(let stepper) = motor { return stepper.lateFault }
        return nil
    }

    var stepsRateLimited: UInt64 {
        if case .stepper(let stepper) = motor { return stepper.rateLimitedSteps }
        return 0
    }
}
