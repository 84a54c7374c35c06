/// The stand's motion, as one value: the limits in force, the commanded state of
/// every axis, and the one source (velocity, timed move, animation or subject
/// tracking) driving it.
///
/// Pure and deterministic: time comes in as an argument, nothing here reads a
/// clock, sleeps, locks or allocates after init. The real-time loop owns one of
/// these, calls `apply` for each command that arrived since the last tick, then
/// `tick` once, and hands the resulting positions to the motor drivers.
///
/// Every source passes through `Limiter.step` last, so no command, however
/// wild, can make an axis cross the board's range or exceed its speed or
/// acceleration cap; an app range narrowed under a moving axis is overshot by
/// at most the braking distance, then regained (docs/MOTION.md, "Limits").
public struct MotionController: Sendable {
    public enum ActiveMotion: Equatable, Sendable {
        case velocity(Vector3)
        case orientation(requestID: UInt32)
        case animation(AnimationName, requestID: UInt32)
        /// Following tracking targets; `tracker.phase` says how.
        case tracking
        /// Seeking the home switches; motion commands wait for it to end.
        case homing
    }

    /// How far back the motion history reaches: more than any camera latency
    /// worth compensating (a target captured earlier than this is ignored).
    public static let historySeconds: Seconds = 1

    public let axes: AxisSet
    public let hardwareLimits: PerAxis<AxisLimits?>
    public let tickSeconds: Seconds
    /// The limits in force: hardware ∩ the app's `setLimits`.
    public private(set) var limits: PerAxis<AxisLimits?>
    /// The commanded state at the end of the last tick.
    public private(set) var state: PerAxis<Limiter.State>
    public private(set) var progressLog = ProgressLog()
    /// Subject following: its phase and framing error are the stand's tracking status.
    public private(set) var tracker = TrackingController()
    /// The measured positions of the last `historySeconds`, one sample per tick.
    public private(set) var history: MotionHistory
    /// How each axis with a home switch homes; nil on the others.
    public let homingParameters: PerAxis<HomingParameters?>
    /// The last homing run, as it ended (or as it stands, while it runs).
    public private(set) var homing: HomingRun?
    /// Ticks on which the limiter refused a source's command (not a number):
    /// the axis braked at its cap instead. Never expected; tests watch it.
    public private(set) var limiterRefusals: UInt64 = 0
    /// Whether an arrival waits for `confirmOutput` before it is `finished`.
    /// The stand sets it: its last period is planned a lead ahead of the
    /// lines, so the controller's arrival comes before the motor's, and steps
    /// that then go out too late must end the move `failed`, not after a
    /// `finished` (docs/RUNTIME.md, "When a move is finished"). Off, an
    /// arrival is `finished` at once (tests of the controller alone, the bench).
    public var awaitsOutputConfirmation = false
    /// The move or animation that has arrived and waits for its output to be
    /// confirmed: reported `running` at fraction 1 meanwhile.
    public private(set) var arrivalAwaitingOutput: (requestID: UInt32, kind: MotionProgress.Kind, plannedSeconds: Seconds)?
    private var source: Source = .velocity(.zero)
    private var rateLimiter = CallRateLimiter()
    private var nextRequestID: UInt32 = 1

    private enum Source: Sendable {
        case velocity(Vector3)
        case move(TimedMove, requestID: UInt32)
        case animation(AnimationRun, requestID: UInt32)
        case tracking
        case homing
    }

    /// - Parameters:
    ///   - hardwareLimits: the board's limits; nil for an axis the stand lacks.
    ///   - initialPositions: where the axes are at power-up (from the encoders).
    ///   - tickSeconds: the control period.
    ///   - tracking: the tuning of subject following.
    public init(
        hardwareLimits: PerAxis<AxisLimits?>, initialPositions: PerAxis<Radians>, tickSeconds: Seconds,
        tracking: TrackingController.Parameters = TrackingController.Parameters(),
        homing: PerAxis<HomingParameters?> = PerAxis(repeating: nil)
    ) throws(SwivelError) {
        guard tickSeconds > 0, tickSeconds.isFinite else { throw SwivelError.invalid(.nonFiniteValue, value: tickSeconds) }
        var axes = AxisSet()
        for axis in Axis.allCases where hardwareLimits[axis] != nil { axes.insert(AxisSet(axis)) }
        guard !axes.isEmpty else { throw SwivelError(.notSupportedByDevice, .axisNotPresent) }
        self.axes = axes
        self.hardwareLimits = hardwareLimits
        self.limits = hardwareLimits
        self.tickSeconds = tickSeconds
        homingParameters = homing.map { axis, p in hardwareLimits[axis] == nil ? nil : p }
        tracker = TrackingController(parameters: tracking)
        // One sample per tick, allocated now so the tick never has to.
        history = MotionHistory(capacity: Int(min((Self.historySeconds / tickSeconds).rounded(.up), 100_000)) + 2)
        self.state = initialPositions.map { axis, position in
            Limiter.State(position: hardwareLimits[axis] == nil ? 0 : position)
        }
    }

    public var activeMotion: ActiveMotion {
        switch source {
        case .velocity(let v): .velocity(v)
        case .move(_, let id): .orientation(requestID: id)
        case .animation(let run, let id): .animation(run.name, requestID: id)
        case .tracking: .tracking
        case .homing: .homing
        }
    }

    public func progress(of requestID: UInt32) -> MotionProgress? { progressLog.progress(of: requestID) }

    /// The most recent move or animation, whoever started it; nil before the first.
    public var latestProgress: MotionProgress? {
        let latest = nextRequestID == 1 ? UInt32.max : nextRequestID - 1
        return progressLog.progress(of: latest)
    }

    /// True when nothing is running and every axis is at rest (to within 1e-9
    /// rad/s: a finished move lands with rounding-sized velocities).
    public var isAtRest: Bool {
        guard case .velocity(let v) = source, v == .zero else { return false }
        return Axis.allCases.allSatisfy { !axes.contains($0) || abs(state[$0].velocity) < 1e-9 }
    }

    // MARK: - Commands

    /// Applies one command at time `now`. On error nothing changes, and a rate-
    /// limited call does not spend budget.
    /// - Parameter measured: the encoders' positions, where relative moves start.
    public mutating func apply(
        _ command: MotionCommand, at now: Seconds, measured: PerAxis<Radians>
    ) throws(SwivelError) -> CommandReply {
        if case .homing = source { return try applyWhileHoming(command, at: now, measured: measured) }
        switch command {
        case .setAngularVelocity(let velocity):
            guard velocity.isFinite else { throw SwivelError.invalid(.nonFiniteValue) }
            try InputRanges.check(command)
            try checkAxes(velocity, tolerance: 0)
            end(.cancelled, at: now)
            source = .velocity(velocity)
            return .accepted
        case .stop:
            end(.cancelled, at: now)
            source = .velocity(.zero)
            return .accepted
        case .cancel(let requestID):
            switch source {
            case .move(_, let id) where id == requestID, .animation(_, let id) where id == requestID:
                end(.cancelled, at: now)
                source = .velocity(.zero)
            default:
                break
            }
            return .accepted
        case .resetSession:
            resetSession(at: now)
            return .accepted
        case .setOrientation(let target, let duration, let relative):
            return .started(try startMove(to: target, duration: duration, relative: relative, at: now, measured: measured))
        case .animate(let name):
            return .started(try startAnimation(name, at: now))
        case .setLimits, .resetLimits:
            return try applyLimits(command)
        case .trackTarget(let target):
            try follow(target, at: now)
            return .accepted
        case .trackLost:
            if case .tracking = source { tracker.lose() }
            return .accepted
        case .stopTracking:
            if case .tracking = source { end(.cancelled, at: now) }
            tracker.reset()
            return .accepted
        case .clearFault:
            return .accepted
        case .setServoPulse:
            // The stand intercepts it; a controller has no servo to send it to.
            throw SwivelError(.notSupportedByDevice, .notAPulseWidthServo)
        case .home:
            guard Axis.allCases.contains(where: { homingParameters[$0] != nil }) else {
                throw SwivelError(.notSupportedByDevice, .noHomeSwitch)
            }
            end(.cancelled, at: now)
            tracker.reset()
            let run = HomingRun(parameters: homingParameters, measured: measured)
            homing = run
            source = .homing
            return .accepted
        }
    }

    /// While homing the position is a guess: motion waits (`busy`), stop
    /// aborts homing where the axes are, and what moves nothing still applies.
    private mutating func applyWhileHoming(
        _ command: MotionCommand, at now: Seconds, measured: PerAxis<Radians>
    ) throws(SwivelError) -> CommandReply {
        switch command {
        case .stop:
            homing?.abort()
            source = .velocity(.zero)
            return .accepted
        case .setLimits, .resetLimits:
            return try applyLimits(command)
        case .resetSession:
            // A host docking mid-homing must not undo it: only its own state resets.
            limits = hardwareLimits
            rateLimiter.reset()
            return .accepted
        case .cancel, .trackLost, .stopTracking, .clearFault:
            return .accepted
        case .home:
            return .accepted
        case .setAngularVelocity, .setOrientation, .animate, .trackTarget, .setServoPulse:
            throw SwivelError(.busy, .homingInProgress)
        }
    }

    /// `setLimits` and `resetLimits`, whatever else is running.
    private mutating func applyLimits(_ command: MotionCommand) throws(SwivelError) -> CommandReply {
        switch command {
        case .setLimits(let user):
            limits = try EffectiveLimits.intersect(
                hardware: hardwareLimits, user: user, currentPositions: state.map { $1.position })
        case .resetLimits:
            limits = hardwareLimits
        default:
            break
        }
        return .accepted
    }

    /// Advances homing with the switches as the tick read them. Returns, per
    /// axis, the offset just added to its commanded position because it was
    /// homed this tick (0 elsewhere): the caller moves its encoder's and its
    /// driver's notion of the position by the same amount.
    public mutating func advanceHoming(switchClosed: PerAxis<Bool>, measured: PerAxis<Radians>) -> PerAxis<Radians> {
        var offsets = PerAxis<Radians>(repeating: 0)
        guard case .homing = source, var run = homing else { return offsets }
        for axis in Axis.allCases where homingParameters[axis] != nil {
            if let offset = run.advance(axis, switchClosed: switchClosed[axis], measured: measured[axis], commanded: state[axis]) {
                offsets[axis] = offset
                state[axis].position += offset
            }
        }
        homing = run
        if run.isComplete { source = .velocity(.zero) }
        return offsets
    }

    /// A motor fault: what `stop` does (every axis decelerates at its cap),
    /// but the running move or animation ends `failed`, not `cancelled`, so a
    /// host learns that the fault ended it.
    public mutating func fail(at now: Seconds) {
        end(.failed, at: now)
        source = .velocity(.zero)
        if let arrival = arrivalAwaitingOutput {
            record(arrival.requestID, arrival.kind, .failed, fraction: 1, planned: arrival.plannedSeconds)
            arrivalAwaitingOutput = nil
        }
    }

    /// The output of the arrival that waits (`arrivalAwaitingOutput`) is on
    /// the lines: it is `finished` now.
    public mutating func confirmOutput() {
        guard let arrival = arrivalAwaitingOutput else { return }
        record(arrival.requestID, arrival.kind, .finished, fraction: 1, planned: arrival.plannedSeconds)
        arrivalAwaitingOutput = nil
    }

    /// Puts every axis at rest where it was measured, cancelling what was
    /// running and forgetting the subject: after a fault, where the commanded
    /// positions may be far from the axes.
    public mutating func resynchronize(to measured: PerAxis<Radians>, at now: Seconds) {
        end(.cancelled, at: now)
        tracker.reset()
        source = .velocity(.zero)
        state = measured.map { axis, position in
            Limiter.State(position: hardwareLimits[axis] == nil ? 0 : position)
        }
    }

    /// Holds `adopted` axes at `measured` (at rest) without cancelling anything:
    /// for a stand whose drivers are off, where a hand or gravity may turn an
    /// axis, so the next motion starts where it is. Only while nothing moves:
    /// velocity zero or tracking, every axis at rest; false (and no change)
    /// otherwise, or for a position that is not a number.
    public mutating func adopt(restingPositions measured: PerAxis<Radians>, of adopted: AxisSet) -> Bool {
        switch source {
        case .velocity(let v) where v == .zero: break
        case .tracking: break
        default: return false
        }
        for axis in Axis.allCases where axes.contains(axis) {
            guard state[axis].velocity == 0 else { return false }
            if adopted.contains(axis), !measured[axis].isFinite { return false }
        }
        for axis in Axis.allCases where axes.contains(axis) && adopted.contains(axis) {
            state[axis] = Limiter.State(position: measured[axis])
        }
        return true
    }

    /// Places the target in the stand's frame with the pose at its capture
    /// time and hands it to the tracker; following replaces a running move or
    /// animation (cancelled) or velocity, as a velocity command would.
    private mutating func follow(_ target: TrackingTarget, at now: Seconds) throws(SwivelError) {
        guard target.isFinite else { throw SwivelError.invalid(.nonFiniteValue) }
        // Older than the history reaches: nothing to place it with. Dropped, and
        // the lost timeout keeps running, as if the batch had not come.
        guard let pose = history.positions(at: min(target.capturedAt, now)) else { return }
        if case .tracking = source {} else { end(.cancelled, at: now) }
        tracker.follow(target, poseAtCapture: pose, axes: axes, at: now)
        source = .tracking
    }

    /// Forgets the app's limits and the rate budget, and stops: what a new host
    /// session starts from.
    public mutating func resetSession(at now: Seconds) {
        end(.cancelled, at: now)
        tracker.reset()
        source = .velocity(.zero)
        limits = hardwareLimits
        rateLimiter.reset()
    }

    private mutating func startMove(
        to target: OrientationTarget, duration: Seconds, relative: Bool, at now: Seconds, measured: PerAxis<Radians>
    ) throws(SwivelError) -> MoveReceipt {
        guard duration.isFinite else { throw SwivelError.invalid(.nonFiniteValue, value: duration) }
        guard duration >= 0 else { throw SwivelError.invalid(.negativeDuration, value: duration) }
        // Resolve to absolute angles, or to a relative offset for vector targets.
        var angles: Vector3
        var isOffset = relative
        switch target {
        case .angles(let vector):
            guard vector.isFinite else { throw SwivelError.invalid(.nonFiniteValue) }
            try checkAxes(vector, tolerance: 0)
            angles = vector
        case .quaternion(let raw):
            let q = try raw.validatedUnit()
            if relative {
                // A relative rotation is applied in the stand's current frame.
                let here = Quaternion(pitchYawRoll: Vector3(
                    pitch: axes.contains(.pitch) ? measured.pitch : 0,
                    yaw: axes.contains(.yaw) ? measured.yaw : 0,
                    roll: axes.contains(.roll) ? measured.roll : 0))
                angles = (here * q).pitchYawRoll
                isOffset = false
            } else {
                angles = q.pitchYawRoll
            }
            try checkAxes(angles, tolerance: 1e-6)
        }
        try InputRanges.check(.setOrientation(target, durationSeconds: duration, relative: relative))
        guard rateLimiter.wouldAdmit(at: now) else {
            throw SwivelError(.frameRateTooHigh, .orientationCallRateExceeded)
        }

        var goal = state.map { $1.position }
        var clamped = AxisSet()
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            var wanted = isOffset ? measured[axis] + angles[axis] : angles[axis]
            if hardwareLimits[axis]?.isContinuous == true, !isOffset {
                // Shortest way round, or onto the turn the app's range sits on.
                let reference = limit.positionRange?.centreRadians ?? state[axis].position
                wanted = AngleMath.nearestEquivalent(of: wanted, to: reference)
            }
            if let range = limit.positionRange, !range.contains(wanted) {
                wanted = range.clamp(wanted)
                clamped.insert(AxisSet(axis))
            }
            goal[axis] = wanted
        }

        let move = TimedMove.plan(
            startTime: now, from: state, to: goal, requestedDuration: duration, limits: limits, tickSeconds: tickSeconds)
        let id = begin(.orientation, plannedDuration: move.duration, at: now)
        source = .move(move, requestID: id)
        return MoveReceipt(
            requestID: id, plannedDurationSeconds: move.duration, target: reported(goal), clampedAxes: clamped)
    }

    private mutating func startAnimation(_ name: AnimationName, at now: Seconds) throws(SwivelError) -> MoveReceipt {
        guard rateLimiter.wouldAdmit(at: now) else {
            throw SwivelError(.frameRateTooHigh, .orientationCallRateExceeded)
        }
        let run = AnimationRun.plan(name, startTime: now, from: state.map { $1.position }, limits: limits)
        var scaled = AxisSet()
        var final = state.map { $1.position }
        for axis in Axis.allCases where axes.contains(axis) {
            final[axis] = run.finalPosition(of: axis)
            if run.gestureScale[axis] < 1 { scaled.insert(AxisSet(axis)) }
        }
        let id = begin(.animation, plannedDuration: run.duration, at: now)
        source = .animation(run, requestID: id)
        return MoveReceipt(
            requestID: id, plannedDurationSeconds: run.duration, target: reported(final), clampedAxes: scaled)
    }

    /// Rejects motion asked of an axis the stand does not have.
    private func checkAxes(_ vector: Vector3, tolerance: Double) throws(SwivelError) {
        for axis in Axis.allCases where !axes.contains(axis) && abs(vector[axis]) > tolerance {
            throw SwivelError(.notSupportedByDevice, .axisNotPresent, axis: axis, value: vector[axis])
        }
    }

    /// Positions as a host sees them: continuous axes wrapped to (−π, π].
    private func reported(_ positions: PerAxis<Radians>) -> Vector3 {
        var vector = Vector3.zero
        for axis in Axis.allCases where axes.contains(axis) {
            vector[axis] = hardwareLimits[axis]?.isContinuous == true
                ? AngleMath.wrapToPi(positions[axis]) : positions[axis]
        }
        return vector
    }

    private mutating func begin(_ kind: MotionProgress.Kind, plannedDuration: Seconds, at now: Seconds) -> UInt32 {
        end(.cancelled, at: now)
        rateLimiter.record(at: now)
        let id = nextRequestID
        nextRequestID = nextRequestID == .max ? 1 : nextRequestID + 1
        progressLog.insert(MotionProgress(
            requestID: id, kind: kind, state: .running, fractionCompleted: 0,
            plannedDurationSeconds: plannedDuration))
        return id
    }

    /// Ends the running move or animation, if any, in `state`, or following.
    private mutating func end(_ outcome: MotionProgress.State, at now: Seconds) {
        switch source {
        case .velocity:
            return
        case .homing:
            homing?.abort()
        case .tracking:
            tracker.suspend()
        case .move(let move, let id):
            record(id, .orientation, outcome, fraction: move.fraction(at: now), planned: move.duration)
        case .animation(let run, let id):
            record(id, .animation, outcome, fraction: run.fraction(at: now), planned: run.duration)
        }
        source = .velocity(.zero)
    }

    private mutating func record(
        _ id: UInt32, _ kind: MotionProgress.Kind, _ state: MotionProgress.State, fraction: Double, planned: Seconds
    ) {
        progressLog.update(MotionProgress(
            requestID: id, kind: kind, state: state,
            fractionCompleted: state == .finished ? 1 : fraction, plannedDurationSeconds: planned))
    }

    // MARK: - The tick

    /// Advances every axis by one period starting at `now`; returns the commanded
    /// state at `now + tickSeconds`.
    /// - Parameter measured: the encoders' positions at `now` (the commanded
    ///   ones on an axis without an encoder): recorded in the motion history
    ///   that places tracking targets, and what tracking corrects from.
    @discardableResult
    public mutating func tick(at now: Seconds, measured: PerAxis<Radians>) -> PerAxis<Limiter.State> {
        let end = now + tickSeconds
        history.record(time: now, positions: measured)
        var following = PerAxis<RadiansPerSecond>(repeating: 0)
        if case .tracking = source {
            following = tracker.velocities(
                at: now, until: end, measured: measured, current: state.map { $1.velocity }, limits: limits)
        }
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            let command: Limiter.Command
            switch source {
            case .velocity(let v): command = .velocity(v[axis])
            case .move(let move, _): command = move.command(for: axis, at: end) ?? .velocity(0)
            case .animation(let run, _): command = run.command(for: axis, at: end) ?? .velocity(0)
            case .tracking: command = .velocity(following[axis])
            case .homing:
                command = homing?.command(for: axis, commandedPosition: state[axis].position) ?? .velocity(0)
            }
            // While homing an axis its position is a guess: no range to hold it in.
            var applied = limit
            var hardwareRange = hardwareLimits[axis]?.positionRange
            if case .homing = source, homingParameters[axis] != nil, let free = limit.withoutRange {
                applied = free
                hardwareRange = nil
            }
            state[axis] = limited(state[axis], command, applied, hardwareRange)
        }
        updateProgress(at: end)
        return state
    }

    /// One limiter step. dt and every input were validated when they came in,
    /// so a refusal (a command that is not a number) would be a bug upstream;
    /// the answer to it still goes through the limiter: brake at the cap.
    private mutating func limited(
        _ current: Limiter.State, _ command: Limiter.Command, _ limits: AxisLimits, _ hardwareRange: PositionRange?
    ) -> Limiter.State {
        let step = Self.limitedStep(current, command, limits, hardwareRange, dt: tickSeconds)
        if step.refused { limiterRefusals &+= 1 }
        return step.state
    }

    static func limitedStep(
        _ current: Limiter.State, _ command: Limiter.Command, _ limits: AxisLimits, _ hardwareRange: PositionRange?,
        dt: Seconds
    ) -> (state: Limiter.State, refused: Bool) {
        do {
            return (try Limiter.step(from: current, command: command, limits: limits, hardwareRange: hardwareRange, dt: dt), false)
        } catch {}
        do {
            return (try Limiter.step(from: current, command: .velocity(0), limits: limits, hardwareRange: hardwareRange, dt: dt), true)
        } catch {
            // Only a state that is not a number gets here, and the limiter never
            // makes one: nothing can be braked, so hold.
            return (Limiter.State(position: current.position.isFinite ? current.position : 0), true)
        }
    }

    private mutating func updateProgress(at time: Seconds) {
        switch source {
        case .velocity, .tracking, .homing:
            return
        case .move(let move, let id):
            let arrived = move.isComplete(at: time) && hasArrived { move.target[$0] }
            if arrived {
                arrive(id, .orientation, planned: move.duration)
            } else {
                record(id, .orientation, .running, fraction: move.fraction(at: time), planned: move.duration)
            }
        case .animation(let run, let id):
            let arrived = run.isComplete(at: time) && hasArrived { run.finalPosition(of: $0) }
            if arrived {
                arrive(id, .animation, planned: run.duration)
            } else {
                record(id, .animation, .running, fraction: run.fraction(at: time), planned: run.duration)
            }
        }
    }

    /// The commanded state has reached the goal: `finished`, or, when the
    /// output must be confirmed first, `running` at fraction 1 until then.
    /// An earlier arrival still waiting is taken as confirmed: its output was
    /// handed over before this one's, and one waits at a time.
    private mutating func arrive(_ id: UInt32, _ kind: MotionProgress.Kind, planned: Seconds) {
        source = .velocity(.zero)
        guard awaitsOutputConfirmation else {
            record(id, kind, .finished, fraction: 1, planned: planned)
            return
        }
        confirmOutput()
        record(id, kind, .running, fraction: 1, planned: planned)
        arrivalAwaitingOutput = (id, kind, planned)
    }

    /// Whether every axis sits on its goal (pulled into the current range), at rest.
    private func hasArrived(_ goal: (Axis) -> Radians) -> Bool {
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            var target = goal(axis)
            if let range = limit.positionRange { target = range.clamp(target) }
            if abs(state[axis].position - target) > 1e-9 || abs(state[axis].velocity) > 1e-6 { return false }
        }
        return true
    }
}
