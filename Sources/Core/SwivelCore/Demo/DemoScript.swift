/// What a simulated stand does when no host is connected: a short show of the
/// motion core, looping. It drives the controller through the same commands a
/// host would send, so it also obeys the rate limit and the limiter.
///
/// Pure: it reads the controller and the time it is given, nothing else.
public struct DemoScript: Sendable {
    public enum Phase: Equatable, Sendable, CustomStringConvertible {
        case slump
        case wakeup
        case timedMove
        case sweepUp(Axis)
        case sweepDown(Axis)
        case home
        case pause

        public var description: String {
            switch self {
            case .slump: "demo: slump"
            case .wakeup: "demo: animate wakeup"
            case .timedMove: "demo: timed move"
            case .sweepUp(let axis): "demo: \(axis) sweep +, braking at the limit"
            case .sweepDown(let axis): "demo: \(axis) sweep −, braking at the limit"
            case .home: "demo: home"
            case .pause: "demo: pause"
            }
        }
    }

    public private(set) var phase: Phase = .pause
    /// Completed loops through the show.
    public private(set) var cycles = 0
    private var phaseStart: Seconds?
    private var request: UInt32?
    private var issued = false

    public init() {}

    /// Advances the show: issues at most one command to `controller` when the
    /// current phase is over. Returns the new phase when it changes.
    public mutating func advance(at now: Seconds, controller: inout MotionController) -> Phase? {
        guard let start = phaseStart else {
            return enter(.slump, at: now, controller: &controller)
        }
        if !issued {
            // A phase whose command met the rate limit retries until it fits.
            return issue(at: now, controller: &controller) ? phase : nil
        }
        let elapsed = now - start
        switch phase {
        case .slump:
            return finished(controller) ? enter(.wakeup, at: now, controller: &controller) : nil
        case .wakeup:
            return finished(controller) ? enter(.timedMove, at: now, controller: &controller) : nil
        case .timedMove:
            guard finished(controller) else { return nil }
            guard let axis = Self.sweepAxis(controller) else { return enter(.home, at: now, controller: &controller) }
            return enter(.sweepUp(axis), at: now, controller: &controller)
        case .sweepUp(let axis):
            return stoppedAtLimit(axis, upper: true, controller) ? enter(.sweepDown(axis), at: now, controller: &controller) : nil
        case .sweepDown(let axis):
            return stoppedAtLimit(axis, upper: false, controller) ? enter(.home, at: now, controller: &controller) : nil
        case .home:
            return finished(controller) ? enter(.pause, at: now, controller: &controller) : nil
        case .pause:
            guard elapsed >= 1.5 else { return nil }
            cycles += 1
            return enter(.slump, at: now, controller: &controller)
        }
    }

    private mutating func enter(_ next: Phase, at now: Seconds, controller: inout MotionController) -> Phase {
        phase = next
        phaseStart = now
        request = nil
        issued = false
        _ = issue(at: now, controller: &controller)
        return next
    }

    /// Sends the phase's command; false if it was refused (rate limit) and must be retried.
    private mutating func issue(at now: Seconds, controller: inout MotionController) -> Bool {
        let command: MotionCommand?
        switch phase {
        case .slump:
            command = .setOrientation(.angles(pose(controller, pitchFraction: 0.6, yaw: 0)), durationSeconds: 1.2, relative: false)
        case .wakeup:
            command = .animate(.wakeup)
        case .timedMove:
            command = .setOrientation(
                .angles(pose(controller, pitchFraction: -0.4, yaw: 1.2, roll: 0.15)), durationSeconds: 1.5, relative: false)
        case .sweepUp(let axis):
            command = .setAngularVelocity(sweep(axis, controller, sign: 1))
        case .sweepDown(let axis):
            command = .setAngularVelocity(sweep(axis, controller, sign: -1))
        case .home:
            command = .setOrientation(.angles(.zero), durationSeconds: 2, relative: false)
        case .pause:
            command = nil
        }
        guard let command else {
            issued = true
            return true
        }
        let measured = controller.state.map { $1.position }
        do {
            let reply = try controller.apply(command, at: now, measured: measured)
            if case .started(let receipt) = reply { request = receipt.requestID }
            issued = true
            return true
        } catch {
            return false
        }
    }

    private func finished(_ controller: MotionController) -> Bool {
        guard let request, let progress = controller.progress(of: request) else { return true }
        return progress.state != .running
    }

    private func stoppedAtLimit(_ axis: Axis, upper: Bool, _ controller: MotionController) -> Bool {
        guard let range = controller.limits[axis]?.positionRange else { return true }
        let state = controller.state[axis]
        let end = upper ? range.upperRadians : range.lowerRadians
        return state.velocity == 0 && abs(state.position - end) < 1e-9
    }

    /// The axis to sweep: yaw if it has a range, else pitch.
    private static func sweepAxis(_ controller: MotionController) -> Axis? {
        for axis in [Axis.yaw, .pitch] where controller.limits[axis]?.positionRange != nil { return axis }
        return nil
    }

    private func sweep(_ axis: Axis, _ controller: MotionController, sign: Double) -> Vector3 {
        var v = Vector3.zero
        v[axis] = sign * 0.8 * (controller.limits[axis]?.maximumSpeed ?? 0)
        return v
    }

    /// A pose using only the axes the stand has; pitch as a fraction of its range
    /// toward the down (+) or up (−) end.
    private func pose(_ controller: MotionController, pitchFraction: Double, yaw: Radians, roll: Radians = 0) -> Vector3 {
        var v = Vector3.zero
        if let range = controller.limits.pitch?.positionRange {
            v.pitch = pitchFraction * (pitchFraction > 0 ? range.upperRadians : -range.lowerRadians)
        }
        if controller.axes.contains(.yaw) { v.yaw = yaw }
        if let range = controller.limits.roll?.positionRange { v.roll = range.clamp(roll) }
        return v
    }
}
