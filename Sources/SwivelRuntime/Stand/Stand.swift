public import SwivelBoard
import SwivelCore
public import SwivelHardware
import Synchronization
import SwivelSync

/// A board turned into a running stand: drivers, encoders and the motion
/// controller, advanced one control period per `tick`.
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
/// on they stay enabled (holding) until a fault, a halt or
/// `disableDriversNow`, and after a fault only `clearFault` enables them again.
/// Until then nothing holds the axes, so on an axis with an encoder the held
/// position follows the encoder while the stand is still: the first motion
/// starts where a hand or gravity left the axis.
///
/// Thread confinement: after init, only one thread calls `tick`. Other threads
/// use `mailbox`, `status()` and `requestHalt()`, which are safe anywhere.
public final class Stand: @unchecked Sendable {
    public let board: Board
    public let periodNanoseconds: Int64
    /// Steps are planned for the period starting this far after the tick's
    /// deadline, so a wake-up up to one period late never makes them late.
    public let leadNanoseconds: Int64
    public let mailbox: CommandMailbox
    /// The longest a halt can take: the slowest axis decelerating from its top
    /// speed. Fixed at init, so other threads can read it while the loop runs.
    public let worstCaseStopSeconds: Double

    private let published = PIMutex(StandStatus())
    private let haltRequested = Atomic(false)
    private let haltedFlag = Atomic(false)

    // Loop-thread state.
    var controller: MotionController
    let drives: [AxisDrive]
    var demo: DemoScript?
    /// Motion time at this tick, in nanoseconds: one period per tick so far.
    private var motionNanoseconds: Int64 = 0
    private var started = false
    /// The first motion has enabled the drivers (see the type's comment).
    var motionStarted: Bool { current.firstMotionSeconds != nil }
    /// Where the steps planned so far end.
    private var stepsPlannedUntil: MonotonicInstant?
    var current = StandStatus()
    /// Closed-loop checks, one per drive (nil on an axis without an encoder).
    var faultMonitors: [AxisFaultMonitor?]
    /// What was commanded over the last ticks: the checks compare each
    /// measurement with the command planned for its instant.
    var commandedHistory: CommandedHistory
    /// When a `clearFault` re-enabled the drivers (stand time); nil otherwise.
    var faultClearingSince: Seconds?
    /// The end of the start-up homing has been looked at.
    var homingReported = false

    /// - Parameter playDemo: run the demo until a host command arrives (the simulated board with no host).
    public init(board: Board, hardware: StandHardware, playDemo: Bool, mailboxCapacity: Int = 64) throws(StandSetupError) {
        self.board = board
        periodNanoseconds = 1_000_000_000 / Int64(board.loopRateHz)
        leadNanoseconds = periodNanoseconds
        mailbox = CommandMailbox(capacity: mailboxCapacity)
        drives = try hardware.makeDrives(for: board)
        faultMonitors = try Self.makeFaultMonitors(board: board, drives: drives)
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
        var worst = 0.0
        for axis in Axis.allCases {
            guard let limit = controller.hardwareLimits[axis] else { continue }
            worst = max(worst, limit.maximumSpeed / limit.maximumAcceleration)
        }
        worstCaseStopSeconds = worst
        demo = playDemo ? DemoScript() : nil
        current.axes = controller.axes
        for drive in drives where drive.encoder != nil { current.encoderAxes.insert(AxisSet(drive.axis)) }
        current.limits = controller.limits
        current.commanded = controller.state
        current.measured = initial
        published.withLock { $0 = current }
    }

    /// The last published current.
    public func status() -> StandStatus { published.withLock { $0 } }

    /// Asks the stand to decelerate to rest and then disable its drivers.
    /// Commands that arrive after this are refused.
    public func requestHalt() { haltRequested.store(true, ordering: .releasing) }

    /// Stopped and disabled; safe to stop the loop and exit.
    public var isHalted: Bool { haltedFlag.load(ordering: .acquiring) }

    /// Disables every driver at once, without decelerating: for a shutdown that
    /// could not wait for `requestHalt` to finish. Call only when no thread is
    /// ticking (after the loop has stopped).
    public func disableDriversNow(at instant: MonotonicInstant) {
        for drive in drives where drive.isEnabled { drive.disable(at: instant) }
        current.driversEnabled = false
        current.halted = true
        haltedFlag.store(true, ordering: .releasing)
        published.withLock { $0 = current }
    }

    // MARK: - The tick

    /// - Parameter now: the tick's deadline (`RealtimeLoop`'s `TickContext.deadline`).
    public func tick(at now: MonotonicInstant) {
        if started {
            motionNanoseconds &+= periodNanoseconds
        } else {
            started = true
            startHomingIfConfigured()
        }
        let time = Double(motionNanoseconds) / 1e9
        guard !current.halted else {
            rejectQueuedCommands()
            return
        }

        var measured = controller.state.map { $1.position }
        for drive in drives {
            if let position = drive.measure() { measured[drive.axis] = position }
        }

        if haltRequested.load(ordering: .acquiring), !current.halting {
            current.halting = true
            demo = nil
            _ = try? controller.apply(.stop, at: time, measured: measured)
        }
        if current.fault == nil, let fault = actuatorFault() {
            enterFault(fault, at: now, time: time, measured: measured)
        }
        if current.fault == nil, !current.halting, let fault = checkFaults(measured: measured) {
            enterFault(fault, at: now, time: time, measured: measured)
        }
        if current.halting {
            rejectQueuedCommands()
        } else if let fault = current.fault {
            answerWhileFaulted(fault, at: now, time: time, measured: measured)
            finishClearingIfSettled(time: time, measured: measured)
        } else {
            if !motionStarted { followReleasedAxes(measured) }
            applyQueuedCommands(at: time, measured: measured)
        }
        if demo != nil, let phase = demo?.advance(at: time, controller: &controller) {
            current.demoPhase = phase
        }

        let held = controller.state
        let homing = controller.activeMotion == .homing
        var commanded = controller.tick(at: time, measured: measured)
        if homing { commanded = advanceHoming(at: now, time: time, measured: measured) }
        if !motionStarted, current.fault == nil, !current.halting, homing || Self.moves(from: held, to: commanded) {
            startMotion(at: now, time: time, held: held)
        }
        reportHomingOutcome(at: now, time: time, measured: measured)
        commandedHistory.record(commanded.map { $1.position })
        let ahead = now.advanced(byNanoseconds: leadNanoseconds)
        let start = max(now, min(ahead, stepsPlannedUntil ?? ahead))
        let end = ahead.advanced(byNanoseconds: periodNanoseconds)
        stepsPlannedUntil = end
        for drive in drives { drive.drive(to: commanded[drive.axis].position, from: start, until: end) }

        if current.fault != nil, !current.faultDisabled, faultClearingSince == nil, controller.isAtRest {
            for drive in drives where drive.isEnabled { drive.disable(at: end) }
            current.faultDisabled = true
        }
        if current.halting, controller.isAtRest {
            // Only what is on: a stand halted before its first motion writes nothing.
            for drive in drives where drive.isEnabled { drive.disable(at: end) }
            current.halted = true
            haltedFlag.store(true, ordering: .releasing)
        }
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
        current.firstMotionSeconds = time
        for drive in drives where !drive.isEnabled { drive.enable(at: now, holding: held[drive.axis].position) }
    }

    /// Before the first motion nothing holds the axes: where the stand is
    /// still, each axis with an encoder is held where it is measured, and its
    /// step count with it (the motor is off: moving the count steps nothing).
    private func followReleasedAxes(_ measured: PerAxis<Radians>) {
        var moved = AxisSet()
        for drive in drives where drive.encoder != nil && measured[drive.axis] != controller.state[drive.axis].position {
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
            let reply = try controller.apply(posted.command, at: time, measured: measured)
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
            mailbox.answer(posted.ticket, .failure(SwivelError(.notConnected, .standHalted)))
        }
        mailbox.flushReplies()
    }

    private func publish(time: Seconds, measured: PerAxis<Radians>) {
        current.time = time
        current.ticks &+= 1
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
        current.driversEnabled = drives.contains { $0.isEnabled }
        // Never wait for a reader: a skipped publish is replaced 1 ms later.
        _ = published.withLockIfAvailable { $0 = current }
    }
}
