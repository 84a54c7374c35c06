import SwivelBoard
import SwivelCore
import SwivelHardware
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// A virtual stand whose every tick is checked where the promises are kept or
/// broken: the limiter's output as the telemetry publishes it, the STEP/DIR
/// and PWM outputs of the mock hardware (`OutputProbe`), and the encoder
/// positions in the published status. Commands go through the stand's own
/// mailbox; `send` and `tick` are the only ways to advance it, so no tick
/// goes unchecked.
///
/// What is checked, per axis (docs/MOTION.md, "Proved at the boundary"):
/// - telemetry, exactly, every tick: |Δv| ≤ a·T; |v| ≤ the speed cap, or
///   decelerating at the cap toward a just-lowered one; p' = p + v'·T except
///   where the stand re-bases an axis at rest (fault clearing, homing);
/// - telemetry, outputs and encoders: the position ranges — the hardware
///   range is never crossed, an app range only by the overshoot a narrowing
///   forces (bounded by the braking distance at the moment of narrowing),
///   after which the axis comes back inside and stays;
/// - outputs and encoders: speed and acceleration over windows of 1 to 100
///   ticks (`WindowedCapCheck`), with a stated error per sample: half a step of
///   quantisation and one of timing at the outputs; the encoder count, two
///   steps of rotor ripple and the rotor's velocity lag at the encoders;
/// - that every move or animation ends: no plan is infinite, none runs on
///   past its planned duration.
final class StandBoundaryMonitor {
    let virtual: VirtualStand
    let probe: OutputProbe
    let axes: [Axis]
    let tickSeconds: Double
    let hardware: PerAxis<AxisLimits?>
    /// Axes with a home switch: no range holds them while homing.
    let homingAxes: AxisSet
    private(set) var ticks = 0
    /// Everything found wrong, oldest first (capped: the first ones tell).
    private(set) var violations: [String] = []
    private(set) var violationCount = 0
    /// What the run is, for the violation messages (its seed).
    var context = ""
    /// The last command sent, named in the violation messages.
    private(set) var lastCommand: MotionCommand?
    /// Axes whose encoder the test has tampered with (jammed, cut, skipping):
    /// their encoder checks wait until this is cleared and the axis settles.
    var tamperedEncoders = AxisSet()

    private var previous: StandStatus
    private var outputs: PerAxis<WindowedCapCheck?>
    private var encoders: PerAxis<WindowedCapCheck?>
    /// Per axis, the driver's microsteps minus those the outputs carried: a
    /// change is a re-base (the count moved without a pulse).
    private var stepOffsets = PerAxis<Int64>(repeating: 0)
    private var hardwareEpisodes = PerAxis<RangeEpisode?>(repeating: nil)
    private var appEpisodes = PerAxis<RangeEpisode?>(repeating: nil)
    /// The last tick the speed cap changed or the commanded speed was above it:
    /// until the longest window has passed, outputs are held to the hardware cap.
    private var speedCapUnsettledTick = PerAxis<Int>(repeating: 0)
    /// The last tick an encoder could not be trusted to show the motion.
    private var encoderUnsettledTick = PerAxis<Int>(repeating: 0)
    private var openRequests: [OpenRequest] = []
    /// The stepper driver of each axis that has one.
    private var stepperDrivers = PerAxis<StepperDriver?>(repeating: nil)
    private let longestWindow = WindowedCapCheck.longestWindow

    /// Samples off the motion, per signal kind (radians), and the rotor lag (s).
    let outputError: PerAxis<Double>
    let encoderError: PerAxis<Double>
    let encoderLagSeconds: Double
    /// How long after a fault, a re-enable or a re-base an encoder is not checked.
    static let encoderSettleTicks = 200

    struct OpenRequest {
        var id: UInt32
        var deadline: Double
    }

    /// How far outside a range an axis may be, and whether it has come back in.
    struct RangeEpisode {
        var range: PositionRange
        var allowedExcess: Double
        var backInside: Bool
        /// Stand time by which the telemetry must be back inside.
        var deadline: Double
    }

    init(_ virtual: VirtualStand) {
        self.virtual = virtual
        probe = OutputProbe(virtual)
        let controller = virtual.engine.controller
        axes = Axis.allCases.filter { controller.axes.contains(AxisSet($0)) }
        tickSeconds = controller.tickSeconds
        hardware = controller.hardwareLimits
        var homingAxes = AxisSet()
        for axis in Axis.allCases where controller.homingParameters[axis] != nil { homingAxes.insert(AxisSet(axis)) }
        self.homingAxes = homingAxes
        previous = virtual.stand.status()
        var outputError = PerAxis<Double>(repeating: 0)
        var encoderError = PerAxis<Double>(repeating: 0)
        outputs = PerAxis(repeating: nil)
        encoders = PerAxis(repeating: nil)
        let board = virtual.stand.board
        var lag = 0.0
        if let physics = board.simulation {
            lag = 2 * physics.stepperDampingRatio / (2 * Double.pi * physics.stepperNaturalFrequencyHz)
        }
        encoderLagSeconds = lag
        for axis in axes {
            guard let config = board.axes.perAxis[axis] else { continue }
            var step = 0.0
            if let s = config.motor.stepper {
                step = 1 / s.microstepsPerRadian
                // Half a step of rounding to the nearest, one step delayed across
                // the sampling instant (DIR setup, rate limit): one step and a half.
                outputError[axis] = 1.5 * step
            } else if let s = config.motor.servo {
                // One nanosecond of pulse width, rounded: at most one quantum.
                outputError[axis] = abs(s.angleAtMaxPulseRadians - s.angleAtMinPulseRadians)
                    / Double(s.maxPulseMicroseconds * 1_000 - s.minPulseMicroseconds * 1_000)
            }
            outputs[axis] = WindowedCapCheck(tickSeconds: tickSeconds, sampleError: outputError[axis])
            if case .quadrature(let q)? = config.encoder {
                encoderError[axis] = 1 / q.countsPerRadian + 2 * step
                encoders[axis] = WindowedCapCheck(
                    tickSeconds: tickSeconds, sampleError: encoderError[axis], lagSeconds: lag)
            }
            if let range = hardware[axis]?.positionRange {
                hardwareEpisodes[axis] = Self.episode(
                    range, from: previous.commanded[axis], hardware: hardware[axis], speedCap: nil,
                    tickSeconds: tickSeconds, at: 0)
                appEpisodes[axis] = hardwareEpisodes[axis]
            }
        }
        self.outputError = outputError
        self.encoderError = encoderError
        for drive in virtual.engine.drives {
            if let driver = drive.actuator as? StepperDriver, let written = probe.writtenMicrosteps(drive.axis) {
                stepOffsets[drive.axis] = driver.state.microsteps - written
                stepperDrivers[drive.axis] = driver
            }
        }
    }

    var status: StandStatus { previous }
    var time: Double { previous.time }

    // MARK: - Driving the stand

    /// Posts `command`, runs the tick that applies it, and returns its reply.
    func send(_ command: MotionCommand) throws(SwivelError) -> CommandReply {
        lastCommand = command
        let ticket = try virtual.stand.mailbox.post(command)
        tick()
        guard let reply = virtual.stand.mailbox.takeReply(ticket) else { throw SwivelError(.busy, .mailboxFull) }
        let result = try reply.get()
        if case .started(let receipt) = result { opened(receipt, command: command) }
        return result
    }

    func run(seconds: Double) {
        for _ in 0..<Int((seconds / tickSeconds).rounded()) { tick() }
    }

    @discardableResult
    func run(until condition: (StandStatus) -> Bool, timeoutSeconds: Double) -> Bool {
        for _ in 0..<Int((timeoutSeconds / tickSeconds).rounded()) {
            tick()
            if condition(previous) { return true }
        }
        return false
    }

    /// One tick, then every check on what it put out.
    func tick() {
        virtual.tick()
        ticks += 1
        // The tick just run planned its steps for [lead, lead + period) after
        // its deadline; sampling at the start of that window takes in all the
        // motion of the window before it, which no later tick can add to.
        let justRun = virtual.deadline.advanced(byNanoseconds: -virtual.stand.periodNanoseconds)
        probe.sample(at: justRun.advanced(byNanoseconds: virtual.stand.leadNanoseconds))
        let status = virtual.stand.status()
        check(status)
        previous = status
    }

    // MARK: - The checks

    private func fail(_ message: @autoclosure () -> String) {
        violationCount += 1
        guard violations.count < 20 else { return }
        violations.append("tick \(ticks) t=\(previous.time) s: \(message()) [\(context), last command \(lastCommand.map { "\($0)" } ?? "none")]")
    }

    private func check(_ status: StandStatus) {
        let refusals = virtual.engine.controller.limiterRefusals
        if refusals != 0 { fail("the limiter refused \(refusals) commands") }
        if status.driverFaults != previous.driverFaults { fail("a driver refused a commanded position") }
        if probe.outOfOrderEdges != 0 { fail("\(probe.outOfOrderEdges) output writes out of order") }
        let homing = status.activeMotion == .homing
        let wasHoming = previous.activeMotion == .homing
        // The stand may re-base an axis at rest while clearing a fault or homing.
        let rebaseAllowed = previous.fault != nil || status.fault != nil || homing || wasHoming
        for axis in axes {
            guard let hardwareLimit = hardware[axis], let limit = status.limits[axis] else { continue }
            let before = previous.commanded[axis]
            let now = status.commanded[axis]
            let a = hardwareLimit.maximumAcceleration
            let homingThisAxis = (homing || wasHoming) && homingAxes.contains(AxisSet(axis))

            // Telemetry, exactly.
            let dv = abs(now.velocity - before.velocity)
            if dv > a * tickSeconds * (1 + 1e-6) {
                fail("\(axis) commanded acceleration \(dv / tickSeconds) rad/s² > \(a) (v \(before.velocity) → \(now.velocity))")
            }
            let speedAllowed = max(limit.maximumSpeed, abs(before.velocity) - a * tickSeconds)
            if abs(now.velocity) > speedAllowed * (1 + 1e-6) + 1e-12 {
                fail("\(axis) commanded speed \(abs(now.velocity)) rad/s > \(speedAllowed)")
            }
            if limit.maximumSpeed != previous.limits[axis]?.maximumSpeed || abs(now.velocity) > limit.maximumSpeed * (1 + 1e-6) {
                speedCapUnsettledTick[axis] = ticks
            }
            let jump = abs(now.position - before.position - now.velocity * tickSeconds)
            let rebased = jump > 1e-9
            // A re-base happens at rest (homing re-bases on the tick its axis
            // comes to rest; clearing a fault puts the axis at rest where it
            // was measured and the same tick's limiter step may move it from
            // there): within a·T of rest either side.
            var start = before
            if rebased {
                let nearRest = a * tickSeconds * (1 + 1e-6)
                if !rebaseAllowed || abs(before.velocity) > nearRest || abs(now.velocity) > nearRest {
                    fail("\(axis) commanded position jumped \(now.position - before.position) rad at v \(before.velocity) → \(now.velocity)")
                }
                start = Limiter.State(position: now.position - now.velocity * tickSeconds)
            }

            // Ranges: new episodes when the range in force changes or the axis is re-based.
            if homingThisAxis {
                hardwareEpisodes[axis] = nil
                appEpisodes[axis] = nil
            } else {
                if let range = hardwareLimit.positionRange, hardwareEpisodes[axis] == nil || rebased {
                    hardwareEpisodes[axis] = episode(range, from: start, axis: axis, at: status.time)
                }
                if let range = limit.positionRange, appEpisodes[axis]?.range != range || rebased {
                    appEpisodes[axis] = episode(range, from: start, axis: axis, at: status.time)
                } else if limit.positionRange == nil {
                    appEpisodes[axis] = nil
                }
            }
            checkRange(&hardwareEpisodes[axis], "hardware", axis, status: status)
            checkRange(&appEpisodes[axis], "app", axis, status: status)

            // Outputs.
            let stepRebased = checkStepRebase(axis, allowed: rebaseAllowed)
            if let output = probe.radians(axis), outputs[axis] != nil {
                let speedCap = ticks - speedCapUnsettledTick[axis] > 2 * longestWindow
                    ? limit.maximumSpeed : hardwareLimit.maximumSpeed
                if let failure = outputs[axis]?.add(output, speedCap: speedCap, accelerationCap: a) {
                    fail("\(axis) outputs: \(failure)")
                }
                if !homingThisAxis {
                    let framed = output + Double(stepOffsets[axis]) * (probe.radiansPerMicrostep(axis) ?? 0)
                    checkOutputRange(axis, framed, status: status)
                }
            }
            if stepRebased { encoderUnsettledTick[axis] = ticks }

            // Encoders.
            if encoders[axis] != nil {
                let trusted = status.fault == nil && !status.halting && !homing && !wasHoming
                    && probe.isDriven(axis) == true && !tamperedEncoders.contains(AxisSet(axis)) && !rebased
                if !trusted { encoderUnsettledTick[axis] = ticks }
                if ticks - encoderUnsettledTick[axis] < Self.encoderSettleTicks {
                    encoders[axis]?.restart()
                } else {
                    let speedCap = ticks - speedCapUnsettledTick[axis] > 2 * longestWindow
                        ? limit.maximumSpeed : hardwareLimit.maximumSpeed
                    if let failure = encoders[axis]?.add(status.measured[axis], speedCap: speedCap, accelerationCap: a) {
                        fail("\(axis) encoder: \(failure)")
                    }
                    checkEncoderRange(axis, status.measured[axis], status: status)
                }
            }
        }
        checkRequests(status)
    }

    /// The allowed excursion outside `range` of an axis in `state`: where it is
    /// outside now, or where braking at the cap from its velocity takes it.
    private func episode(_ range: PositionRange, from state: Limiter.State, axis: Axis, at time: Double) -> RangeEpisode {
        Self.episode(
            range, from: state, hardware: hardware[axis], speedCap: virtual.engine.controller.limits[axis]?.maximumSpeed,
            tickSeconds: tickSeconds, at: time)
    }

    private static func episode(
        _ range: PositionRange, from state: Limiter.State, hardware: AxisLimits?, speedCap: Double?,
        tickSeconds: Double, at time: Double
    ) -> RangeEpisode {
        let a = hardware?.maximumAcceleration ?? 1
        let v = state.velocity
        // The limiter's discrete braking covers at most v²/(2a) + |v|·T.
        let stop = state.position + (v < 0 ? -1 : 1) * (v * v / (2 * a) + abs(v) * tickSeconds)
        let excess = max(outside(state.position, range), outside(stop, range))
        let slowest = max(min(speedCap ?? 1, hardware?.maximumSpeed ?? 1), 1e-3)
        let deadline = time + abs(v) / a + 2 * excess / slowest + slowest / a + 0.5
        return RangeEpisode(range: range, allowedExcess: excess, backInside: excess == 0, deadline: deadline)
    }

    static func outside(_ x: Double, _ range: PositionRange) -> Double {
        max(range.lowerRadians - x, x - range.upperRadians, 0)
    }

    private func checkRange(_ episode: inout RangeEpisode?, _ kind: String, _ axis: Axis, status: StandStatus) {
        guard var current = episode else { return }
        let x = status.commanded[axis].position
        let out = Self.outside(x, current.range)
        let tolerance = 1e-9
        if current.backInside {
            if out > tolerance { fail("\(axis) commanded \(x) left the \(kind) range \(current.range) by \(out) rad") }
        } else if out > current.allowedExcess + tolerance {
            fail("\(axis) commanded \(x) is \(out) rad outside the \(kind) range \(current.range), more than the \(current.allowedExcess) rad braking allows")
        } else if Self.episode(current.range, from: status.commanded[axis], hardware: hardware[axis], speedCap: nil,
                               tickSeconds: tickSeconds, at: 0).backInside {
            // Inside, and able to stop inside: from here on it must stay.
            current.backInside = true
        } else if status.time > current.deadline {
            fail("\(axis) commanded \(x) still outside the \(kind) range \(current.range) at its deadline")
            current.deadline = .infinity
        }
        episode = current
    }

    private func checkOutputRange(_ axis: Axis, _ x: Double, status: StandStatus) {
        checkOutputRange(axis, x, hardwareEpisodes[axis], "hardware", status: status)
        checkOutputRange(axis, x, appEpisodes[axis], "app", status: status)
    }

    private func checkOutputRange(
        _ axis: Axis, _ x: Double, _ episode: RangeEpisode?, _ kind: String, status: StandStatus
    ) {
        guard let episode else { return }
        // Outputs lag the telemetry by a tick and round to a step; settled
        // inside the range, one step is all they may stray.
        let settled = episode.backInside && Self.outside(status.commanded[axis].position, episode.range) == 0
            && Self.outside(previous.commanded[axis].position, episode.range) == 0
        let allowed = settled
            ? outputError[axis]
            : episode.allowedExcess + outputError[axis] + 2 * tickSeconds * (hardware[axis]?.maximumSpeed ?? 0)
        let out = Self.outside(x, episode.range)
        if out > allowed {
            fail("\(axis) outputs at \(x) are \(out) rad outside the \(kind) range \(episode.range) (allowed \(allowed))")
        }
    }

    private func checkEncoderRange(_ axis: Axis, _ x: Double, status: StandStatus) {
        checkEncoderRange(axis, x, hardwareEpisodes[axis], "hardware")
        checkEncoderRange(axis, x, appEpisodes[axis], "app")
    }

    private func checkEncoderRange(_ axis: Axis, _ x: Double, _ episode: RangeEpisode?, _ kind: String) {
        guard let episode else { return }
        // The rotor lags its field by λ·v (and overshoots a stop by a part of that).
        let speed = hardware[axis]?.maximumSpeed ?? 0
        let allowed = (episode.backInside ? 0 : episode.allowedExcess) + encoderError[axis]
            + 1.5 * encoderLagSeconds * speed + 2 * tickSeconds * speed
        let out = Self.outside(x, episode.range)
        if out > allowed {
            fail("\(axis) encoder at \(x) is \(out) rad outside the \(kind) range \(episode.range) (allowed \(allowed))")
        }
    }

    /// Whether the driver's count moved without a pulse this tick (a re-base);
    /// a violation unless the stand may re-base now.
    private func checkStepRebase(_ axis: Axis, allowed: Bool) -> Bool {
        guard let driver = stepperDrivers[axis], let written = probe.writtenMicrosteps(axis) else { return false }
        let offset = driver.state.microsteps - written
        guard offset != stepOffsets[axis] else { return false }
        if !allowed { fail("\(axis) step count moved by \(offset - stepOffsets[axis]) without pulses") }
        // Nothing moved: the pulses stay one continuous motion, only the frame
        // they are counted in shifts.
        stepOffsets[axis] = offset
        return true
    }

    private func opened(_ receipt: MoveReceipt, command: MotionCommand) {
        let planned = receipt.plannedDurationSeconds
        guard planned.isFinite, planned >= 0, planned < 1e4 else {
            fail("request \(receipt.requestID) planned for \(planned) s")
            return
        }
        // A move arrives when planned (the limiter follows its plan exactly);
        // an animation starts from rest, and one started while moving first
        // brakes at the caps and chases its spline: allow that, twice over.
        var slack = 3 * tickSeconds
        if case .animate = command {
            slack += 0.05
            for axis in axes {
                guard let limit = hardware[axis] else { continue }
                slack += 2 * abs(previous.commanded[axis].velocity) / limit.maximumAcceleration
            }
        }
        openRequests.append(OpenRequest(id: receipt.requestID, deadline: previous.time + planned + slack))
    }

    private func checkRequests(_ status: StandStatus) {
        guard !openRequests.isEmpty else { return }
        let controller = virtual.engine.controller
        // Limits changed under a move: its target moved, its timing no longer holds.
        if status.limits != previous.limits { openRequests.removeAll() }
        openRequests.removeAll { request in
            guard let progress = controller.progress(of: request.id) else { return true }
            guard progress.state == .running else { return true }
            if status.time > request.deadline {
                fail("request \(request.id) still running \(status.time - request.deadline) s past its planned end")
                return true
            }
            return false
        }
    }

    var report: String {
        "\(ticks) ticks, \(violationCount) violations" + (violations.isEmpty ? "" : ":\n" + violations.joined(separator: "\n"))
    }

    func peakAcceleration(_ axis: Axis) -> (outputs: Double, encoder: Double) {
        (outputs[axis]?.peakAcceleration ?? 0, encoders[axis]?.peakAcceleration ?? 0)
    }
}
