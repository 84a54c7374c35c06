public import SwivelCore
public import SwivelHardware

/// One axis's hardware as the tick sees it: its motor, behind the `Actuator`
/// seam, and the encoder the axis's position is measured with, when the board
/// has one (a separate encoder, or the motor's own).
public final class AxisDrive {
    public let axis: Axis
    public let actuator: any Actuator
    public let encoder: (any PositionEncoder)?
    /// The home switch, on an axis that homes.
    public let homeSwitch: HomeSwitch?
    /// The motor as a pulse-width servo, which a jog may send a raw width; nil for any other motor.
    public let pulseServo: (any PulseWidthServo)?
    /// Failures of the driver on commanded positions (never expected: every
    /// position comes out of the limiter finite and in range).
    public private(set) var driverFaults: UInt64 = 0

    /// - Parameter encoder: a separate encoder; without one, the actuator's own, if it has one.
    init(axis: Axis, actuator: any Actuator, encoder: (any PositionEncoder)?, homeSwitch: HomeSwitch? = nil) {
        self.axis = axis
        self.actuator = actuator
        self.encoder = encoder ?? actuator.builtInEncoder
        self.homeSwitch = homeSwitch
        pulseServo = actuator as? any PulseWidthServo
    }

    /// The position measured through the encoder, or nil on an open-loop axis.
    func measure() -> Radians? {
        guard let encoder else { return nil }
        encoder.update()
        return encoder.positionRadians
    }

    /// Drives the motor to `position` over [start, end].
    func drive(to position: Radians, from start: MonotonicInstant, until end: MonotonicInstant) {
        do {
            try actuator.command(positionRadians: position, from: start, until: end)
        } catch {
            driverFaults &+= 1
        }
    }

    /// Energises the motor at `instant`, holding `position`.
    func enable(at instant: MonotonicInstant, holding position: Radians) {
        do {
            try actuator.enable(at: instant, holding: position)
        } catch {
            driverFaults &+= 1
        }
    }

    func disable(at instant: MonotonicInstant) { actuator.disable(at: instant) }

    var isEnabled: Bool { actuator.isEnabled }

    /// Moves every notion of the axis's position by `offset` (it was just
    /// homed): the encoder's reading and the motor's own count.
    func shift(by offset: Radians, measured: Radians, commanded: Radians) {
        do {
            try encoder?.rebase(toRadians: measured + offset)
        } catch {
            driverFaults &+= 1
        }
        adopt(position: commanded)
    }

    /// Declares the axis to be at `position` without moving it.
    func adopt(position: Radians) {
        do {
            try actuator.adopt(positionRadians: position)
        } catch {
            driverFaults &+= 1
        }
    }

    /// The problem the motor reports, if any.
    var motorProblem: MotorProblem? { actuator.fault }

    var stepsRateLimited: UInt64 { actuator.counters.rateLimitedSteps }
}
