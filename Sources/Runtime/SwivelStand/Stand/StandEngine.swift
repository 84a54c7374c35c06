import SwivelBoard
import SwivelCore
public import SwivelHardware
public import SwivelLoop

/// The stand's motion: drivers, encoders and the motion controller, advanced
/// one control period per `tick`, in the mode `mode` says (`StandMode`).
///
/// `tick` is the real-time path. The loop thread calls it every period (the
/// daemon) or a test calls it with a manual clock (virtual time): the same
/// code either way. It reads the encoders, applies queued commands, advances
/// the controller, plans the motors' motion one period ahead, and publishes a
/// status snapshot. It does not allocate, log, block on a lock or do I/O
/// beyond the drivers' own line writes.
///
/// Time: the stand's motion time (commands, the controller, telemetry's
/// `time`) advances one period per tick, whatever the clock did. A tick that
/// comes after skipped deadlines (the loop overran) continues the motion
/// where the last one left it, a period later, instead of reading targets
/// further along while the controller integrates one period (which overshot
/// and stepped back): the motion is delayed by the lost time, never made to
/// jump. The steps are planned over the real instants: each tick's segment
/// starts where the previous one ended (but not before this tick's deadline)
/// and ends one lead plus one period after the deadline, so the step output
/// has no gap after one skipped deadline, only a slower stretch.
///
/// Drivers: every driver starts disabled (ENABLE inactive, no PWM) and stays
/// so until the first motion: the first tick whose setpoint, the limiter's
/// output for the end of the tick, leaves the position held at its start (a
/// position or a velocity that is not the held one, on any axis), or the
/// start-up homing. A command that moves nothing (a move to where the stand
/// is, velocity 0, tracking with no subject) energises nothing. That tick
/// enables every driver at its deadline, before the steps it plans; from then
/// on they stay enabled (holding) until the stand has been idle for the
/// board's `idleTimeoutSeconds` (`StandEngine+Idle`: back to `.released`,
/// except an axis that holds when idle, and the next motion enables them
/// again), a fault, a halt or `disableDriversNow`; after a fault only
/// `clearFault` enables them again. While released nothing holds the axes, so
/// on an axis with an encoder the held position follows the encoder while the
/// stand is still: the next motion starts where a hand or gravity left the axis.
///
/// Thread confinement: not Sendable. The loop thread holds it (the daemon
/// moves it into `RealtimeLoop`) or a test steps it (`VirtualStand`); every
/// other thread has the `Stand` handle, whose mailbox, status and halt
/// request are the only ways in.
public final class StandEngine {
    /// The handle other threads hold.
    public let stand: Stand
    public var periodNanoseconds: Int64 { stand.periodNanoseconds }
    var leadNanoseconds: Int64 { stand.leadNanoseconds }
    var mailbox: CommandMailbox { stand.mailbox }

    var controller: MotionController
    let drives: [AxisDrive]
    var mode: StandMode = .released
    var demo: DemoScript?
    /// Motion time at this tick, in nanoseconds: one period per tick so far.
    private var motionNanoseconds: Int64 = 0
    private var started = false
    /// Ticks begun so far, this one included: how `Stand.haltReaction` counts.
    private var ticksStarted: Int64 = 0
    /// Where the steps planned so far end.
    private var stepsPlannedUntil: MonotonicInstant?
    /// The status being built; published at the end of each tick.
    var current = StandStatus()
    /// Closed-loop checks, one per drive (nil on an axis without an encoder).
    var faultMonitors: [AxisFaultMonitor?]
    /// What was commanded over the last ticks: the checks compare each
    /// measurement with the command planned for its instant.
    var commandedHistory: CommandedHistory
    /// How long nothing may command motion before the drivers are released.
    let idleTimeoutSeconds: Seconds
    /// Per drive: its axis keeps its driver enabled when the stand goes idle.
    let holdsWhenIdle: [Bool]
    /// Stand time since which nothing has commanded motion; nil while something does.
    var idleSinceSeconds: Seconds?
    /// Per axis, the width a servo pulse jog holds it at, ns; 0 where the axis
    /// follows its angle (`StandEngine+ServoPulse`).
    var servoPulseJog = PerAxis<Int64>(repeating: 0)
    /// Per drive, the output mark an arrival waits on (`StandEngine+Arrival`).
    var arrivalMarks: [UInt64]
    /// The request whose marks `arrivalMarks` holds; nil before they are taken.
    var arrivalMarkedRequest: UInt32?
    /// The simulated model's catch-up (`StandHardware.beforeTick`); nil on hardware.
    private let beforeTick: (() -> Void)?

    init(board: Board, hardware: StandHardware, playDemo: Bool, mailboxCapacity: Int) throws(StandSetupError) {
        let periodNanoseconds = Stand.periodNanoseconds(of: board)
        let leadNanoseconds = Stand.leadNanoseconds(of: board)
        drives = try hardware.makeDrives(for: board)
        beforeTick = hardware.beforeTick
        faultMonitors = try Self.makeFaultMonitors(board: board, drives: drives)
        idleTimeoutSeconds = board.idleTimeoutSeconds
        holdsWhenIdle = Self.idleHolds(board: board, drives: drives)
        arrivalMarks = [UInt64](repeating: 0, count: drives.count)
        // Steps planned at tick k run from lead to lead + period after it, so
        // the position commanded at k is reached lead/period + 1 ticks later.
        commandedHistory = CommandedHistory(delayTicks: Int(leadNanoseconds / periodNanoseconds) + 1)
        var initial = PerAxis<Radians>(repeating: 0)
        for drive in drives {
            initial[drive.axis] = drive.measure() ?? 0
            // An absolute encoder may read anything at power-up: the step
            // count starts there too, or the first tick would step the
            // difference (with the driver still off).
            drive.adopt(position: initial[drive.axis])
        }
        do {
            controller = try MotionController(
                hardwareLimits: board.hardwareLimits(), initialPositions: initial,
                tickSeconds: Double(periodNanoseconds) / 1e9, homing: try Self.homingParameters(board))
        } catch {
            throw StandSetupError("motion limits: \(error)")
        }
        controller.awaitsOutputConfirmation = true
        var worst = 0.0
        for axis in Axis.allCases {
            guard let limit = controller.hardwareLimits[axis] else { continue }
            worst = max(worst, limit.maximumSpeed / limit.maximumAcceleration)
        }
        demo = playDemo ? DemoScript() : nil
        current.axes = controller.axes
        for drive in drives where drive.encoder != nil { current.encoderAxes.insert(AxisSet(drive.axis)) }
        current.limits = controller.limits
        current.commanded = controller.state
        current.measured = initial
        stand = Stand(board: board, mailbox: CommandMailbox(capacity: mailboxCapacity), worstCaseStopSeconds: worst, initial: current)
    }

    /// Disables every driver at once, without decelerating: what the loop
    /// does after its last tick (`RealtimeLoop` calls `loopEnded`), for a
    /// shutdown that could not wait for a halt to finish. A halted stand has
    /// nothing left on.
    public func disableDriversNow(at instant: MonotonicInstant) {
        for drive in drives where drive.isEnabled { drive.disable(at: instant) }
        mode = .halted(fault: mode.fault)
        current.mode = mode
        current.enabledDriverAxes = []
        stand.markHalted()
        stand.publish(current)
    }

    // MARK: - The tick

    /// - Parameter now: the tick's deadline (`RealtimeLoop`'s `TickContext.deadline`).
    public func tick(at now: MonotonicInstant) {
        ticksStarted &+= 1
        stand.markTickStarted(ticksStarted)
        beforeTick?()
        if started {
            motionNanoseconds &+= periodNanoseconds
        } else {
            started = true
            startHomingIfConfigured()
        }
        let time = Double(motionNanoseconds) / 1e9
        if mode.isHalted {
            rejectQueuedCommands()
            return
        }

        var measured = controller.state.map { $1.position }
        for drive in drives {
            if let position = drive.measure() { measured[drive.axis] = position }
        }

        if stand.haltIsRequested, !mode.isHalting {
            stand.markHaltSeen(atTick: ticksStarted)
            mode = .halting(fault: mode.fault)
            demo = nil
            _ = try? controller.apply(.stop, at: time, measured: measured)
        }
        if mode.fault == nil, let fault = actuatorFault() {
            enterFault(fault, at: now, time: time, measured: measured)
        }
        if mode.fault == nil, !mode.isHalting, let fault = checkFaults(measured: measured) {
            enterFault(fault, at: now, time: time, measured: measured)
        }
        switch mode {
        case .halting, .halted:
            rejectQueuedCommands()
        case .faulted(let fault, _), .clearing(let fault, _):
            answerWhileFaulted(fault, at: now, time: time, measured: measured)
            finishClearingIfSettled(time: time, measured: measured)
        case .released:
            followReleasedAxes(measured)
            applyQueuedCommands(at: time, measured: measured)
        case .homing, .running:
            applyQueuedCommands(at: time, measured: measured)
        }
        // A jog is motion: from released it enables the drivers as a first motion does.
        if case .released = mode, isJoggingServo { startMotion(at: now, time: time, held: controller.state) }
        // Only a running stand jogs: a fault, a halt or an idle release ends it.
        if isJoggingServo, mode != .running { endServoPulseJogs() }
        if demo != nil, let phase = demo?.advance(at: time, controller: &controller) {
            current.demoPhase = phase
        }

        // Homing is a source of the controller like the others: the switches
        // are read first, so the limiter's output of this tick is what drives.
        if controller.activeMotion == .homing { measured = advanceHoming(measured: measured) }
        let held = controller.state
        let commanded = controller.tick(at: time, measured: measured)
        if case .released = mode, controller.activeMotion == .homing || Self.moves(from: held, to: commanded) {
            startMotion(at: now, time: time, held: held)
        }
        if case .homing = mode, controller.activeMotion != .homing {
            endHoming(at: now, time: time, measured: measured)
        }
        commandedHistory.record(commanded.map { $1.position })
        let ahead = now.advanced(byNanoseconds: leadNanoseconds)
        let start = max(now, min(ahead, stepsPlannedUntil ?? ahead))
        let end = ahead.advanced(byNanoseconds: periodNanoseconds)
        stepsPlannedUntil = end
        for drive in drives { self.drive(drive, to: commanded[drive.axis].position, from: start, until: end) }
        confirmArrivalOnceWritten()

        if controller.isAtRest {
            switch mode {
            case .faulted(let fault, driversOff: false):
                for drive in drives where drive.isEnabled { drive.disable(at: end) }
                mode = .faulted(fault, driversOff: true)
            case .halting(let fault):
                // Only what is on: a stand halted before its first motion writes nothing.
                for drive in drives where drive.isEnabled { drive.disable(at: end) }
                mode = .halted(fault: fault)
                stand.markHalted()
            default:
                break
            }
        }
        releaseDriversIfIdle(time: time, at: now)
        current.tickNanoseconds = now.nanoseconds
        publish(time: time, measured: measured)
    }

    /// Whether a tick's setpoints leave the state held at its start.
    static func moves(from held: PerAxis<Limiter.State>, to commanded: PerAxis<Limiter.State>) -> Bool {
        Axis.allCases.contains { commanded[$0].position != held[$0].position || commanded[$0].velocity != 0 }
    }

    /// The first motion: every driver on at this tick's deadline, before any
    /// step the tick plans (those start a lead later, and the executors hold
    /// the first rising edge `StepEnableTiming.setupNanoseconds` after
    /// ENABLE however late they run). A servo's pulse starts at the held position.
    private func startMotion(at now: MonotonicInstant, time: Seconds, held: PerAxis<Limiter.State>) {
        if current.firstMotionSeconds == nil { current.firstMotionSeconds = time }
        mode = controller.activeMotion == .homing ? .homing : .running
        for drive in drives where !drive.isEnabled { drive.enable(at: now, holding: held[drive.axis].position) }
    }

    /// While released nothing holds the axes: where the stand is still, each
    /// axis with an encoder whose driver is off is held where it is measured,
    /// and its step count with it (the motor is off: moving the count steps
    /// nothing). An axis that holds when idle is still driven: left alone.
    private func followReleasedAxes(_ measured: PerAxis<Radians>) {
        var moved = AxisSet()
        for drive in drives
        where drive.encoder != nil && !drive.isEnabled && measured[drive.axis] != controller.state[drive.axis].position {
            moved.insert(AxisSet(drive.axis))
        }
        guard !moved.isEmpty, controller.adopt(restingPositions: measured, of: moved) else { return }
        for drive in drives where moved.contains(AxisSet(drive.axis)) { drive.adopt(position: measured[drive.axis]) }
    }

    private func applyQueuedCommands(at time: Seconds, measured: PerAxis<Radians>) {
        while let posted = mailbox.nextCommand() {
            // The stand is the host's from its first command on.
            if demo != nil {
                demo = nil
                current.demoPhase = nil
            }
            applyAndAnswer(posted, at: time, measured: measured)
        }
        mailbox.flushReplies()
    }

    /// Hands one command to the controller and answers its poster.
    func applyAndAnswer(_ posted: CommandMailbox.Posted, at time: Seconds, measured: PerAxis<Radians>) {
        do {
            let reply: CommandReply
            if case .setServoPulse(let axis, let microseconds) = posted.command {
                try jogServo(axis: axis, microseconds: microseconds)
                reply = .accepted
            } else {
                reply = try controller.apply(posted.command, at: time, measured: measured)
                if Self.endsServoPulseJog(posted.command) { endServoPulseJogs() }
            }
            current.commandsApplied &+= 1
            mailbox.answer(posted.ticket, .success(reply))
        } catch {
            current.commandsRejected &+= 1
            mailbox.answer(posted.ticket, .failure(error))
        }
    }

    private func rejectQueuedCommands() {
        while let posted = mailbox.nextCommand() {
            current.commandsRejected &+= 1
            mailbox.answer(posted.ticket, .failure(mode.motionRefusal ?? SwivelError(.notConnected, .standHalted)))
        }
        mailbox.flushReplies()
    }

    private func publish(time: Seconds, measured: PerAxis<Radians>) {
        current.time = time
        current.ticks &+= 1
        current.mode = mode
        current.homing = controller.homing
        current.commanded = controller.state
        current.measured = measured
        current.limits = controller.limits
        current.activeMotion = controller.activeMotion
        current.trackingPhase = controller.tracker.phase
        let framingError = controller.tracker.error
        current.trackingErrorRadians = Vector3(pitch: framingError.pitch, yaw: framingError.yaw)
        let latest = controller.latestProgress
        if let replaced = current.lastRequest, replaced.requestID != latest?.requestID {
            current.previousRequest = controller.progress(of: replaced.requestID) ?? replaced
        }
        current.lastRequest = latest
        current.demoCycles = demo?.cycles ?? current.demoCycles
        var illegal: UInt64 = 0, dropped: UInt64 = 0, lateSteps: UInt64 = 0, faults: UInt64 = 0
        for drive in drives {
            illegal &+= drive.encoder?.invalidReadings ?? 0
            dropped &+= drive.encoder?.lostReadings ?? 0
            lateSteps &+= drive.stepsRateLimited
            faults &+= drive.driverFaults
        }
        current.encoderIllegalTransitions = illegal
        current.encoderDroppedEvents = dropped
        current.rateLimitedSteps = lateSteps
        current.driverFaults = faults
        var enabled = AxisSet()
        for drive in drives where drive.isEnabled { enabled.insert(AxisSet(drive.axis)) }
        current.enabledDriverAxes = enabled
        current.servoPulseNanoseconds = servoPulseJog
        stand.publishIfFree(current)
    }
}

/// The loop owns the engine: it ticks it at each deadline and, once stopped,
/// turns off whatever is still on (a halt that finished left nothing on).
extension StandEngine: LoopBody {
    public func tick(_ context: TickContext) { tick(at: context.deadline) }

    public func loopEnded(at instant: MonotonicInstant) {
        guard drives.contains(where: \.isEnabled) || !mode.isHalted else { return }
        disableDriversNow(at: instant)
    }
}
