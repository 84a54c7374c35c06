public import SwivelHardware

/// The physical model of a pan/tilt stand behind a `InMemoryGPIOChip` and a
/// `InMemoryPWMProvider`. The runtime's drivers write STEP/DIR/ENABLE lines and
/// PWM channels exactly as on hardware; the stand watches those writes, moves
/// rotors and horns in time, and drives the encoder A/B input lines back.
///
/// Time: the stand integrates up to `clock.now()` whenever someone reads an
/// input of the chip (it installs the chip's `beforeInputRead` hook), or when
/// `advance(to:)` is called. Writes stamped with future instants are queued
/// and applied when the model reaches them. The clock may be a `ManualClock`
/// (tests, faster than real time) or the system clock (`make run`): same code.
///
/// Integration runs in steps of at most `integrationStepNanoseconds`, split at
/// every queued write so each one takes effect at its own instant. Within a
/// step the motion laws are solved in closed form (see `SpringDamper`,
/// `StepperRotor`, `ServoHorn`); the step size only sets how finely encoder
/// edges are interpolated and how often the servo target is looked at.
///
/// Falling behind: one advance takes at most `maximumStepsPerAdvance` steps
/// of its own (writes and servo periods still split it where they fall). A
/// longer gap is covered in longer steps, exact for the same reason, with
/// encoder edges interpolated more coarsely; `stretchedAdvances` counts them.
/// Why: against the system clock, on a host slower than the model (a
/// sanitized debug build integrates 20 µs steps more slowly than real time),
/// a fixed step makes each catch-up longer than the last, and the daemon
/// never gets past reading its encoders. Bounded, a read costs the same
/// whatever the gap, like a game engine's cap on physics substeps per frame,
/// except that no time is dropped. The runtime sets the bound to two loop
/// periods, so a daemon that keeps up, and every test on a ManualClock that
/// ticks the loop, never meets it.
///
/// Not Sendable: it lives on the thread that owns the chip.
public final class StandModel {
    public let clock: any MonotonicClock
    public let integrationStepNanoseconds: Int64
    public let maximumStepsPerAdvance: Int64
    /// The axes the model moves, in the order of the specs it was built from.
    public let simulatedAxes: [Axis]

    private let chip: InMemoryGPIOChip
    private let pwm: InMemoryPWMProvider
    private var axes: [SimulatedAxis]
    private var queue: OutputEventQueue
    /// Which axis's motor watches each chip line, or nil if none does.
    private var lineWatches: [LineWatch?]
    private var pendingEdges: ContiguousArray<PendingEdge>
    private var nanoseconds: Int64
    private var advancing = false

    /// Writes that arrived stamped earlier than the model time; applied at once.
    public private(set) var lateOutputEvents: UInt64 = 0
    /// Encoder edges the chip refused (the line was taken as an output).
    public private(set) var inputWiringErrors: UInt64 = 0
    /// Integration steps in which a shaft moved too far to emit its edges one by one.
    public private(set) var encoderOverruns: UInt64 = 0
    /// Integration steps taken so far (each split at a write or a servo period counts).
    public private(set) var integrationSteps: UInt64 = 0
    /// Advances that covered their gap in steps longer than `integrationStepNanoseconds`.
    public private(set) var stretchedAdvances: UInt64 = 0
    /// Writes lost because the event queue was full.
    public var droppedOutputEvents: UInt64 { queue.dropped }

    struct LineWatch {
        var axis: Int
        /// Falling edges are not queued (a STEP line: only rising edges count).
        var risingEdgesOnly: Bool
    }

    struct PendingEdge {
        var instant: Int64
        var line: Int
        var high: Bool
    }

    public init(
        chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, clock: any MonotonicClock,
        integrationStepNanoseconds: Int64, maximumStepsPerAdvance: Int64 = 4_096,
        axes specs: [SimulatedAxisSpec], eventQueueCapacity: Int = 16_384
    ) throws(HardwareError) {
        guard integrationStepNanoseconds > 0, integrationStepNanoseconds <= 10_000_000 else {
            throw HardwareError(.invalidConfiguration, "the integration step must be between 1 ns and 10 ms, got \(integrationStepNanoseconds) ns")
        }
        guard maximumStepsPerAdvance > 0, maximumStepsPerAdvance <= 1_000_000 else {
            throw HardwareError(.invalidConfiguration, "the steps per advance must be between 1 and 1000000, got \(maximumStepsPerAdvance)")
        }
        guard eventQueueCapacity > 0 else {
            throw HardwareError(.invalidConfiguration, "the simulated stand's event queue capacity must be positive, got \(eventQueueCapacity)")
        }
        try StandModelValidation.check(specs, chip: chip, pwm: pwm)
        let now = clock.now().nanoseconds
        self.chip = chip
        self.pwm = pwm
        self.clock = clock
        self.integrationStepNanoseconds = integrationStepNanoseconds
        self.maximumStepsPerAdvance = maximumStepsPerAdvance
        simulatedAxes = specs.map(\.axis)
        nanoseconds = now
        queue = OutputEventQueue(capacity: eventQueueCapacity)
        lineWatches = Array(repeating: nil, count: chip.lineCount)
        pendingEdges = []
        pendingEdges.reserveCapacity(1_024)
        axes = []
        for (index, spec) in specs.enumerated() {
            axes.append(SimulatedAxis(spec: spec, chip: chip, pwm: pwm, now: now))
            for watch in spec.motor.spec.watchedLines {
                lineWatches[watch.line] = LineWatch(axis: index, risingEdgesOnly: watch.risingEdgesOnly)
            }
        }
        for axis in axes {
            if let homeSwitch = axis.homeSwitch {
                try chip.driveInput(line: homeSwitch.line, high: homeSwitch.level(atRadians: axis.angleRadians), at: clock.now())
            }
            guard let signal = axis.encoder else { continue }
            let levels = signal.levels
            try chip.driveInput(line: signal.lineA, high: levels.a, at: clock.now())
            try chip.driveInput(line: signal.lineB, high: levels.b, at: clock.now())
        }
        chip.addOutputObserver { [weak self] line, high, instant in
            self?.lineWritten(line, high: high, at: instant)
        }
        pwm.addObserver { [weak self] write in self?.pwmWritten(write) }
        chip.beforeInputRead = { [weak self] in
            guard let self else { return }
            self.advance(to: self.clock.now())
        }
    }

    /// Where the model has integrated to.
    public var time: MonotonicInstant { MonotonicInstant(nanoseconds: nanoseconds) }

    // MARK: Observing the drivers

    private func lineWritten(_ line: Int, high: Bool, at instant: MonotonicInstant) {
        guard line >= 0, line < lineWatches.count, let watch = lineWatches[line] else { return }
        if watch.risingEdgesOnly && !high { return }
        enqueue(instant, axis: watch.axis, kind: high ? .lineHigh : .lineLow, value: Int64(line))
    }

    private func pwmWritten(_ write: PWMWrite) {
        guard let axis = axes.firstIndex(where: { $0.pwm == PWMOutputAddress(chip: write.chip, channel: write.channel) }) else { return }
        switch write.change {
        case .periodNanoseconds(let period): enqueue(write.instant, axis: axis, kind: .pwmPeriod, value: period)
        case .dutyCycleNanoseconds(let duty): enqueue(write.instant, axis: axis, kind: .pwmDuty, value: duty)
        case .enabled(let enabled): enqueue(write.instant, axis: axis, kind: .pwmEnabled, value: enabled ? 1 : 0)
        }
    }

    private func enqueue(_ instant: MonotonicInstant, axis: Int, kind: OutputEvent.Kind, value: Int64) {
        if instant.nanoseconds < nanoseconds { lateOutputEvents &+= 1 }
        queue.push(instant: instant.nanoseconds, axis: axis, kind: kind, value: value)
    }

    // MARK: Time

    /// Integrates the stand up to `instant` (an earlier instant does nothing).
    public func advance(to instant: MonotonicInstant) {
        // Driving encoder inputs never reads them back, but a reader hooked on
        // another chip could; one integration at a time.
        guard !advancing else { return }
        advancing = true
        defer { advancing = false }
        let target = instant.nanoseconds
        applyDue()
        guard nanoseconds < target else { return }
        var step = integrationStepNanoseconds
        // Instants are clock readings, never negative: the gap cannot overflow.
        let gap = target &- nanoseconds
        // ceil(gap / maximumStepsPerAdvance), when that is longer than the step.
        if gap > 0, (gap - 1) / maximumStepsPerAdvance >= integrationStepNanoseconds {
            step = (gap - 1) / maximumStepsPerAdvance + 1
            stretchedAdvances &+= 1
        }
        while nanoseconds < target {
            var next = target &- nanoseconds <= step ? target : nanoseconds &+ step
            if let event = queue.earliestInstant, event < next { next = event }
            for axis in axes {
                if let sample = axis.motor.nextSample, sample < next { next = sample }
            }
            integrate(to: next)
            applyDue()
        }
    }

    private func applyDue() {
        while let event = queue.pop(dueBy: nanoseconds) {
            axes[event.axis].apply(event, at: nanoseconds)
        }
        for axis in axes {
            while let sample = axis.motor.nextSample, sample <= nanoseconds {
                axis.motor.sample(at: sample)
            }
        }
    }

    private func integrate(to end: Int64) {
        let start = nanoseconds
        let seconds = Double(end - start) / 1e9
        pendingEdges.removeAll(keepingCapacity: true)
        for axis in axes {
            let before = axis.angleRadians
            axis.integrate(seconds: seconds)
            if let homeSwitch = axis.homeSwitch,
               homeSwitch.level(atRadians: before) != homeSwitch.level(atRadians: axis.angleRadians) {
                insertPending(PendingEdge(instant: end, line: homeSwitch.line, high: homeSwitch.level(atRadians: axis.angleRadians)))
            }
            guard var signal = axis.encoder, !axis.encoderCut else { continue }
            let complete = signal.follow(from: before, at: start, to: axis.angleRadians, at: end) { instant, line, high in
                insertPending(PendingEdge(instant: instant, line: line, high: high))
            }
            axis.encoder = signal
            if !complete { encoderOverruns &+= 1 }
        }
        nanoseconds = end
        integrationSteps &+= 1
        for edge in pendingEdges {
            do {
                try chip.driveInput(line: edge.line, high: edge.high, at: MonotonicInstant(nanoseconds: edge.instant))
            } catch {
                inputWiringErrors &+= 1
            }
        }
    }

    /// Keeps the edges of all encoders of one step in time order (stable),
    /// so a request holding several encoders sees them as they happened.
    private func insertPending(_ edge: PendingEdge) {
        var index = pendingEdges.count
        pendingEdges.append(edge)
        while index > 0, pendingEdges[index - 1].instant > edge.instant {
            pendingEdges[index] = pendingEdges[index - 1]
            index -= 1
        }
        pendingEdges[index] = edge
    }

    // MARK: Observation

    private func axis(named name: Axis) -> SimulatedAxis? {
        guard let index = simulatedAxes.firstIndex(of: name) else { return nil }
        advance(to: clock.now())
        return axes[index]
    }

    /// The rotor or horn angle now (the model first catches up with the clock); nil for an unknown axis.
    public func angleRadians(axis name: Axis) -> Double? { axis(named: name)?.angleRadians }

    public func velocityRadiansPerSecond(axis name: Axis) -> Double? { axis(named: name)?.velocityRadiansPerSecond }

    /// A stepper's field angle (steps counted by its driver); nil for a servo or an unknown axis.
    public func fieldRadians(axis name: Axis) -> Double? { axis(named: name)?.motor.fieldAngleRadians }

    /// Whether the motor drives its axis now: a stepper's driver enabled, a servo receiving pulses.
    public func isDriven(axis name: Axis) -> Bool? {
        axis(named: name)?.motor.isDriven
    }

    /// Knocks the axis: adds `radiansPerSecond` to its velocity now, as a hand
    /// pushing the camera would. A held stepper springs back; a released one
    /// coasts; a servo ignores it (its gear train is not back-drivable).
    public func push(axis name: Axis, radiansPerSecond: Double) throws(HardwareError) {
        guard radiansPerSecond.isFinite else {
            throw HardwareError(.invalidConfiguration, "a push of \(radiansPerSecond) rad/s is not a number the model can apply")
        }
        guard let axis = axis(named: name) else {
            throw HardwareError(.invalidConfiguration, "the simulated stand has no axis '\(name)' (it has \(simulatedAxes))")
        }
        axis.motor.push(radiansPerSecond: radiansPerSecond)
    }

    // MARK: Fault injection

    /// Holds the axis mechanically (a cable caught, a hand on the camera): it
    /// stops where it is and stays there, whatever its motor does, until `free`.
    public func jam(axis name: Axis) throws(HardwareError) {
        try injectable(name).jammed = true
    }

    public func free(axis name: Axis) throws(HardwareError) {
        try injectable(name).jammed = false
    }

    /// Cuts the encoder's wires for the rest of the run: no more edges.
    public func cutEncoder(axis name: Axis) throws(HardwareError) {
        let axis = try injectable(name)
        guard axis.encoder != nil else {
            throw HardwareError(.invalidConfiguration, "the simulated axis '\(name)' has no encoder to cut")
        }
        axis.encoderCut = true
    }

    /// Makes a stepper skip `fraction` (0…1) of its steps from now on, as one
    /// overloaded or driven too fast does; its encoder sees where it really is.
    public func skipSteps(axis name: Axis, fraction: Double) throws(HardwareError) {
        guard fraction.isFinite, (0...1).contains(fraction) else {
            throw HardwareError(.invalidConfiguration, "a skipped-step fraction must lie in 0...1, got \(fraction)")
        }
        guard try injectable(name).motor.skipSteps(fraction: fraction) else {
            throw HardwareError(.invalidConfiguration, "the simulated axis '\(name)' is not a stepper")
        }
    }

    private func injectable(_ name: Axis) throws(HardwareError) -> SimulatedAxis {
        guard let axis = axis(named: name) else {
            throw HardwareError(.invalidConfiguration, "the simulated stand has no axis '\(name)' (it has \(simulatedAxes))")
        }
        return axis
    }
}
