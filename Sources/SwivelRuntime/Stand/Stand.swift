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
        for drive in drives { initial[drive.axis] = drive.measure() ?? 0 }
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
            for drive in drives { drive.enable(at: now) }
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
        if current.fault == nil, let fault = lateStepFault() {
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
            applyQueuedCommands(at: time, measured: measured)
        }
        if demo != nil, let phase = demo?.advance(at: time, controller: &controller) {
            current.demoPhase = phase
        }

        var commanded = controller.tick(at: time, measured: measured)
        if controller.activeMotion == .homing { commanded = advanceHoming(at: now, time: time, measured: measured) }
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
            for drive in drives { drive.disable(at: end) }
            current.halted = true
            haltedFlag.store(true, ordering: .releasing)
        }
        current.tickNanoseconds = now.nanoseconds
        publish(time: time, measured: measured)
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
        // Never wait for a reader: a skipped publish is replaced 1 ms later.
        _ = published.withLockIfAvailable { $0 = current }
    }
}
