/// An axis's optional home switch (`homing`): a stepper seeks it at start.
extension BoardDecoder {
    struct HomingRead {
        var value: Board.Homing?
        var isValid: Bool
    }

    func decodeHoming(_ axis: ObjectFields, motor: Board.Motor?, limits: LimitsRead) -> HomingRead {
        guard axis.has("homing") else { return HomingRead(value: nil, isValid: true) }
        guard let homing = object(axis, "homing", allowed: BoardKeys.homing, required: true) else {
            return HomingRead(value: nil, isValid: false)
        }
        var valid = true
        if let motor, motor.settings.isAbsolute {
            report(homing.path, line: homing.line,
                   "a \(motor.typeName) knows its angle at power-up; homing is for steppers, whose position is lost at power-off")
            valid = false
        }
        let line = gpioLine(homing, "switchLine", required: true)
        let activeLow = bool(homing, "switchActiveLow", default: true)
        let direction = choice(homing, "direction", options: ["negative", "positive"])
        let position = number(homing, "switchPositionRad", .oneTurn)
        var speed = number(homing, "speedRadPerSec", .angularSpeed, default: 0.25)
        let backoff = number(homing, "backoffRad", .homingBackoff, default: 0.05)
        let travel = number(homing, "maxTravelRad", .homingTravel, default: 2 * Double.pi + 0.5)
        // Seeking runs under the axis's caps like every motion.
        if let s = speed, let cap = limits.maxSpeed, s.value > cap.value {
            report(s, "must be at most the axis's maxSpeedRadPerSec (\(ValueText.number(cap.value))), found \(ValueText.number(s.value))")
            speed = nil
        }
        guard valid, let line, let activeLow, let direction, let position, let speed, let backoff, let travel else {
            return HomingRead(value: nil, isValid: false)
        }
        return HomingRead(value: Board.Homing(
            switchLine: line.value, switchActiveLow: activeLow.value, towardsPositive: direction.value == "positive",
            switchPositionRadians: position.value, speedRadiansPerSecond: speed.value, backoffRadians: backoff.value,
            maxTravelRadians: travel.value), isValid: true)
    }
}
