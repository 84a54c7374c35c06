import FoundationEssentials
import SwivelKit

/// Text and JSON renderings of what the stand reports. Numbers stay in
/// radians, rad/s and seconds, as on the wire.
enum Format {
    /// `value` with `digits` decimals (no Foundation `String(format:)` here).
    static func fixed(_ value: Double, _ digits: Int = 4, signed: Bool = true) -> String {
        // A corrupt f32 from the wire must print, not trap converting to Int64.
        guard value.isFinite, abs(value) < 1e12 else { return NumberText.shortest(value) }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int64((abs(value) * Double(scale)).rounded())
        var text = "\(scaled / scale)"
        if digits > 0 {
            let fraction = "\(scaled % scale)"
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        if value < 0 && scaled != 0 { return "-" + text }
        return signed ? "+" + text : text
    }

    static func percent(_ fraction: Double) -> String { fixed(fraction * 100, 0, signed: false) + "%" }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    static func axes(_ axes: AxisSet) -> [String] { Axis.allCases.filter { axes.contains($0) }.map(\.description) }

    // MARK: - Vectors

    static func vector(_ v: Vector3, axes: AxisSet = .all, unit: String) -> String {
        Axis.allCases.filter { axes.contains($0) }.map { "\($0) \(fixed(v[$0]))" }.joined(separator: "  ") + " \(unit)"
    }

    static func json(_ v: Vector3) -> JSON {
        .object(Axis.allCases.map { ($0.description, .float(v[$0])) })
    }

    static func json(_ rect: NormalizedRectUpperLeft) -> JSON {
        .object([("x", .float(rect.x)), ("y", .float(rect.y)), ("width", .float(rect.width)), ("height", .float(rect.height))])
    }

    static func rect(_ rect: NormalizedRectUpperLeft) -> String {
        "x \(fixed(rect.x, 3, signed: false)) y \(fixed(rect.y, 3, signed: false)) width \(fixed(rect.width, 3, signed: false)) height \(fixed(rect.height, 3, signed: false))"
    }

    // MARK: - Identity

    static func identity(_ a: StandSession, endpoint: SwivelEndpoint) -> [String] {
        [
            "name:          \(a.identity.name)",
            "category:      \(a.identity.category)",
            "uuid:          \(a.identity.uuid)",
            "firmware:      \(a.firmwareVersion)",
            "model:         \(a.hardwareModel)",
            "axes:          \(axes(a.axes).joined(separator: ", "))",
            "capabilities:  \(a.capabilities.names.joined(separator: ", "))",
            "endpoint:      \(endpoint)",
        ]
    }

    static func json(_ a: StandSession, endpoint: SwivelEndpoint) -> JSON {
        .object([
            ("name", .string(a.identity.name)), ("category", .string("\(a.identity.category)")),
            ("uuid", .string(a.identity.uuid.uuidString)), ("firmwareVersion", .string(a.firmwareVersion)),
            ("hardwareModel", .string(a.hardwareModel)), ("axes", .array(axes(a.axes).map(JSON.string))),
            ("capabilities", .array(a.capabilities.names.map(JSON.string))),
            ("heartbeatTimeoutSeconds", .number(seconds(a.heartbeatTimeout))),
            ("motionStateRateHz", .integer(Int64(a.motionStateRateHz))), ("endpoint", .string(endpoint.description)),
        ])
    }

    // MARK: - Limits

    static func limits(_ limits: PerAxis<StandSession.AxisLimitsInForce?>) -> [String] {
        Axis.allCases.compactMap { axis in
            guard let limit = limits[axis] else { return nil }
            let range = limit.positionRange.map { "[\(fixed($0.lowerBound)), \(fixed($0.upperBound))] rad" } ?? "continuous"
            return "\(axis.description.padded(6))\(range), \(fixed(limit.maximumSpeed, 3, signed: false)) rad/s, \(fixed(limit.maximumAcceleration, 2, signed: false)) rad/s²"
        }
    }

    static func json(_ limits: PerAxis<StandSession.AxisLimitsInForce?>) -> JSON {
        .object(Axis.allCases.map { axis in
            let value: JSON = limits[axis].map { limit in
                .object([
                    ("minimum", limit.positionRange.map { .float($0.lowerBound) }.orNull),
                    ("maximum", limit.positionRange.map { .float($0.upperBound) }.orNull),
                    ("maximumSpeed", .float(limit.maximumSpeed)),
                    ("maximumAcceleration", .float(limit.maximumAcceleration)),
                ])
            } ?? .null
            return (axis.description, value)
        })
    }

    // MARK: - State

    static func progress(_ p: StandSession.ProgressReport) -> String {
        "request \(p.requestID) \(p.kind == .animation ? "animation" : "orientation") \(p.state), \(percent(p.fractionCompleted)) of \(fixed(seconds(p.plannedDuration), 3, signed: false)) s"
    }

    static func state(_ s: StandSession.StateReport) -> [String] {
        var lines = [
            "positions:        \(vector(s.angularPositions, axes: s.axes, unit: "rad"))",
            "velocities:       \(vector(s.angularVelocities, axes: s.axes, unit: "rad/s"))",
        ]
        let limitLines = limits(s.limits)
        for (index, line) in limitLines.enumerated() { lines.append((index == 0 ? "limits:" : "").padded(18) + line) }
        lines += [
            "system tracking:  \(s.isSystemTrackingEnabled ? "on" : "off")",
            "activity:         \(s.activity)",
            "last move:        \(s.lastProgress.map(progress) ?? "none")",
            "framing:          \(s.framingMode)",
            "region:           \(rect(s.regionOfInterest))",
            "sessions docked:  \(s.dockedSessions)" + (s.isHalted ? " (stand shutting down)" : ""),
            "drivers:          \(drivers(s.enabledDriverAxes, of: s.axes))",
        ]
        if let fault = s.fault {
            lines.append("fault:            \(fault)" + (s.faultAxis.map { " on \($0)" } ?? "") + ": "
                + (s.faultDescription ?? fault.reason))
        }
        return lines
    }

    /// "enabled", "released", or which axes are which when they differ.
    static func drivers(_ enabled: AxisSet, of axes: AxisSet) -> String {
        if enabled.isEmpty { return "released" }
        if enabled == axes { return "enabled" }
        let released = axes.subtracting(enabled)
        return "enabled on " + Self.axes(enabled).joined(separator: ", ") + ", released on "
            + Self.axes(released).joined(separator: ", ")
    }

    static func json(_ p: StandSession.ProgressReport) -> JSON {
        .object([
            ("requestID", .integer(Int64(p.requestID))), ("kind", .string(p.kind == .animation ? "animation" : "orientation")),
            ("state", .string(p.state.description)), ("fractionCompleted", .float(p.fractionCompleted)),
            ("plannedDurationSeconds", .float(seconds(p.plannedDuration))),
        ])
    }

    static func json(_ s: StandSession.StateReport) -> JSON {
        let activity: JSON =
            switch s.activity {
            case .velocity: .object([("kind", .string("velocity"))])
            case .orientation(let id): .object([("kind", .string("orientation")), ("requestID", .integer(Int64(id)))])
            case .animation(let name, let id):
                .object([("kind", .string("animation")), ("animation", .string(name.description)), ("requestID", .integer(Int64(id)))])
            case .tracking: .object([("kind", .string("tracking"))])
            }
        return .object([
            ("standTimeSeconds", .number(seconds(s.standTime))), ("axes", .array(axes(s.axes).map(JSON.string))),
            ("positions", json(s.angularPositions)), ("velocities", json(s.angularVelocities)), ("limits", json(s.limits)),
            ("systemTracking", .bool(s.isSystemTrackingEnabled)), ("activity", activity),
            ("lastProgress", s.lastProgress.map(json).orNull), ("framingMode", .string(s.framingMode.description)),
            ("regionOfInterest", json(s.regionOfInterest)), ("dockedSessions", .integer(Int64(s.dockedSessions))),
            ("halted", .bool(s.isHalted)),
            ("driversEnabled", .array(axes(s.enabledDriverAxes).map(JSON.string))),
            ("fault", s.fault.map { fault in
                .object([
                    ("kind", .string(fault.description)), ("axis", s.faultAxis.map { .string($0.description) }.orNull),
                    ("reason", .string(s.faultDescription ?? fault.reason)),
                ])
            }.orNull),
        ])
    }

    // MARK: - Moves

    static func move(_ p: MoveProgress, state: MoveProgress.State) -> String {
        var text = "request \(p.requestID) \(state): target \(vector(p.target, unit: "rad")), planned \(fixed(seconds(p.plannedDuration), 3, signed: false)) s"
        if !p.clampedAxes.isEmpty { text += " (clamped to the limits: \(axes(p.clampedAxes).joined(separator: ", ")))" }
        return text
    }

    static func json(_ p: MoveProgress, state: MoveProgress.State) -> JSON {
        .object([
            ("requestID", .integer(Int64(p.requestID))), ("kind", .string(p.kind == .animation ? "animation" : "orientation")),
            ("state", .string(state.description)), ("fractionCompleted", .float(p.fractionCompleted)),
            ("plannedDurationSeconds", .float(seconds(p.plannedDuration))), ("target", json(p.target)),
            ("clampedAxes", .array(axes(p.clampedAxes).map(JSON.string))),
        ])
    }

    // MARK: - Telemetry

    static func motion(_ m: StandSession.MotionSample) -> String {
        "\(vector(m.angularPositions, axes: m.axes, unit: "rad"))  |  \(vector(m.angularVelocities, axes: m.axes, unit: "rad/s"))  |  tracking \(m.isSystemTrackingEnabled ? "on" : "off"), \(m.isMoving ? "moving" : "at rest")"
            + (m.fault.map { fault in "  |  error: \(fault)" + (m.faultKind.map { " (\($0))" } ?? "") } ?? "")
            + (m.enabledDriverAxes.isEmpty ? "  |  drivers released" : "")
            + servoJog(m.servoPulseMicroseconds)
    }

    /// "  |  servo pulse jog yaw 1500 µs", as swiveld's own status line says it; "" without a jog.
    static func servoJog(_ pulses: [Axis: Double]) -> String {
        let jogged = Axis.allCases.compactMap { axis in pulses[axis].map { "\(axis) \(Int($0.rounded())) µs" } }
        return jogged.isEmpty ? "" : "  |  servo pulse jog " + jogged.joined(separator: " ")
    }

    static func json(_ m: StandSession.MotionSample) -> JSON {
        .object([
            ("timestampSeconds", .number(seconds(m.timestamp))), ("positions", json(m.angularPositions)),
            ("velocities", json(m.angularVelocities)), ("systemTracking", .bool(m.isSystemTrackingEnabled)),
            ("moving", .bool(m.isMoving)), ("driversEnabled", .array(axes(m.enabledDriverAxes).map(JSON.string))),
            ("servoPulseMicroseconds", .object(Axis.allCases.compactMap { axis in
                m.servoPulseMicroseconds[axis].map { (axis.description, JSON.number($0)) }
            })),
            // Before "error", which scripts read as the last key (scripts/guest/rootfs/checks/lib.sh).
            ("faultKind", m.faultKind.map { .string($0.description) }.orNull),
            ("error", m.fault.map { .string($0.description) }.orNull),
        ])
    }

    /// By the event's own name; a zoom factor crossed the wire as an f32, so it reads as typed.
    static func event(_ e: StandSession.StandEvent) -> String {
        guard case .cameraZoom(let factor) = e else { return e.description }
        return "cameraZoom(factor: \(NumberText.shortest(factor)))"
    }

    static func json(_ e: StandSession.StandEvent) -> JSON {
        switch e {
        case .cameraShutter: .object([("event", .string("cameraShutter"))])
        case .cameraFlip: .object([("event", .string("cameraFlip"))])
        case .cameraZoom(let factor): .object([("event", .string("cameraZoom")), ("factor", .float(factor))])
        case .button(let id, let pressed): .object([("event", .string("button")), ("id", .integer(Int64(id))), ("pressed", .bool(pressed))])
        case .gesture(let gesture): .object([("event", .string("gesture")), ("gesture", .string(gesture.description))])
        }
    }

    static func battery(_ b: StandSession.BatteryReading) -> String {
        "\(b.name): \(percent(b.level)), \(b.chargeState)" + (b.lowBattery ? ", low" : "")
    }

    static func json(_ b: StandSession.BatteryReading) -> JSON {
        .object([
            ("name", .string(b.name)), ("level", .float(b.level)), ("chargeState", .string(b.chargeState.description)),
            ("lowBattery", .bool(b.lowBattery)),
        ])
    }
}

extension String {
    func padded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
