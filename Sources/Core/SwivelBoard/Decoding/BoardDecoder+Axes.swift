import SwivelVocabulary

/// `axes` and each axis: continuity, limits, then motor and encoder.
extension BoardDecoder {
    func decodeAxes(_ root: ObjectFields) -> Board.Axes? {
        guard let axes = object(root, "axes", allowed: BoardKeys.axisNames, required: true) else { return nil }
        let present = Axis.allCases.filter { axes.has($0.description) }
        if present.isEmpty {
            report(axes.path, line: axes.line, "at least one axis is required: pitch, yaw or roll")
        }
        // Fixed axis order, so pin conflicts are reported deterministically.
        var decoded = PerAxis<Board.Axis?>(repeating: nil)
        var allValid = !present.isEmpty
        for name in present {
            if let axis = decodeAxis(axes, name) {
                decoded[name] = axis
            } else {
                allValid = false
            }
        }
        reportPwmConflicts()
        reportI2CConflicts()
        guard allValid else { return nil }
        return Board.Axes(pitch: decoded.pitch, yaw: decoded.yaw, roll: decoded.roll)
    }

    private func decodeAxis(_ axes: ObjectFields, _ name: Axis) -> Board.Axis? {
        guard let axis = object(axes, name.description, allowed: BoardKeys.axis, required: true) else { return nil }
        let continuous = bool(axis, "continuous", default: false)
        if let continuous, continuous.value, name != .yaw {
            report(continuous, "only yaw may be continuous (a slip ring); \(name) needs limits.minRad and limits.maxRad")
        }
        // A continuous pitch or roll is reported once, above; its limits are
        // then read as a bounded axis's so the maker is not told twice.
        let isContinuous = continuous.map { $0.value && name == .yaw } ?? false
        let limits = decodeLimits(axis, continuous: isContinuous)
        let motor = decodeMotor(axis, limits: limits, continuous: isContinuous ? continuous : nil)
        let encoder = axis.has("encoder") ? decodeEncoder(axis, limits: limits) : nil
        let faultDetection = decodeFaultDetection(axis, encoder: encoder, motor: motor)
        let homing = decodeHoming(axis, motor: motor, limits: limits)
        let holds = bool(axis, "holdWhenIdle", default: false)
        guard let continuous, let limitsModel = limits.model, let motor, let faultDetection, homing.isValid,
              let holds, encoder != nil || !axis.has("encoder") else { return nil }
        return Board.Axis(motor: motor, encoder: encoder, limits: limitsModel, continuous: continuous.value,
                          faultDetection: faultDetection, homing: homing.value, holdsWhenIdle: holds.value)
    }

    private func decodeLimits(_ axis: ObjectFields, continuous: Bool) -> LimitsRead {
        guard let limits = object(axis, "limits", allowed: BoardKeys.limits, required: true) else {
            return LimitsRead(continuous: continuous)
        }
        var read = LimitsRead(continuous: continuous)
        if continuous {
            for key in ["minRad", "maxRad"] {
                if let member = limits.member(key) {
                    report(limits.path(of: key), line: member.value.line,
                           "not allowed on a continuous axis: a slip-ring axis has no position range")
                    read.rangeIsValid = false
                }
            }
        } else {
            read.minimum = number(limits, "minRad", .oneTurn)
            read.maximum = number(limits, "maxRad", .oneTurn)
            if let minimum = read.minimum, let maximum = read.maximum {
                let span = NumberBounds.minimumSpanRadians
                if minimum.value >= maximum.value {
                    report(maximum, "must be greater than minRad (\(ValueText.number(minimum.value))), "
                        + "found \(ValueText.number(maximum.value))")
                    read.rangeIsValid = false
                } else if maximum.value - minimum.value < span {
                    report(maximum, "must be at least \(ValueText.number(span)) rad above minRad "
                        + "(\(ValueText.number(minimum.value))), found \(ValueText.number(maximum.value))")
                    read.rangeIsValid = false
                }
            }
        }
        read.maxSpeed = number(limits, "maxSpeedRadPerSec", .angularSpeed)
        read.maxAcceleration = number(limits, "maxAccelRadPerSec2", .angularAcceleration)
        if let maxSpeed = read.maxSpeed, let maxAcceleration = read.maxAcceleration,
           maxSpeed.value / maxAcceleration.value > Self.maximumStopSeconds {
            report(maxAcceleration, "stopping from maxSpeedRadPerSec (\(ValueText.number(maxSpeed.value)) rad/s) at "
                + "\(ValueText.number(maxAcceleration.value)) rad/s² takes "
                + "\(ValueText.rounded(maxSpeed.value / maxAcceleration.value)) s, more than "
                + "\(ValueText.number(Self.maximumStopSeconds)) s: raise it to at least "
                + "\(ValueText.rounded(maxSpeed.value / Self.maximumStopSeconds)) or lower maxSpeedRadPerSec")
            read.maxAcceleration = nil
        }
        return read
    }

    /// The longest an axis may take to stop from its speed cap at its
    /// acceleration cap: what a halt, a lost link or SIGTERM then waits for.
    static let maximumStopSeconds = 10.0
}

/// The limits as read, kept partial so cross-checks can use the valid parts.
struct LimitsRead {
    var continuous: Bool
    var minimum: Located<Double>?
    var maximum: Located<Double>?
    var maxSpeed: Located<Double>?
    var maxAcceleration: Located<Double>?
    var rangeIsValid = true

    init(continuous: Bool) {
        self.continuous = continuous
    }

    var model: Board.Limits? {
        guard rangeIsValid, let maxSpeed, let maxAcceleration else { return nil }
        if continuous {
            return Board.Limits(minRadians: nil, maxRadians: nil, maxSpeedRadiansPerSecond: maxSpeed.value,
                                maxAccelerationRadiansPerSecondSquared: maxAcceleration.value)
        }
        guard let minimum, let maximum else { return nil }
        return Board.Limits(minRadians: minimum.value, maxRadians: maximum.value,
                            maxSpeedRadiansPerSecond: maxSpeed.value,
                            maxAccelerationRadiansPerSecondSquared: maxAcceleration.value)
    }
}
