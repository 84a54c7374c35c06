import SwivelBoard
import SwivelCore
import SwivelHardware

/// The stand's closed loop: each tick the encoders are checked against what
/// was commanded for that instant (`AxisFaultMonitor`). A fault latches:
/// every axis decelerates to rest at its cap, the faulted axis's driver is
/// disabled at once (a stalled motor is not following anyway), the others
/// once at rest, the motion state reports it, and every motion command is
/// refused with `motorFault` until `clearFault`.
extension StandEngine {
    static func makeFaultMonitors(board: Board, drives: [AxisDrive]) throws(StandSetupError) -> [AxisFaultMonitor?] {
        var monitors: [AxisFaultMonitor?] = []
        for drive in drives {
            guard drive.encoder != nil, let config = board.axes.perAxis[drive.axis] else {
                monitors.append(nil)
                continue
            }
            let detection = config.faultDetection
            do {
                monitors.append(try AxisFaultMonitor(axis: drive.axis, parameters: AxisFaultMonitor.Parameters(
                    maximumFollowingErrorRadians: detection.maxFollowingErrorRadians,
                    silentTravelRadians: detection.silentTravelRadians)))
            } catch {
                throw StandSetupError("\(drive.axis) fault detection: \(error)")
            }
        }
        return monitors
    }

    /// The first fault any axis shows this tick, or nil. Checked only while
    /// the drivers are on and the history covers the delay.
    func checkFaults(measured: PerAxis<Radians>) -> AxisFault? {
        guard commandedHistory.isFull else { return nil }
        let expected = commandedHistory.oldest
        for index in drives.indices where faultMonitors[index] != nil && drives[index].isEnabled {
            let axis = drives[index].axis
            current.peakFollowingErrorRadians[axis] = max(
                current.peakFollowingErrorRadians[axis], abs(expected[axis] - measured[axis]))
            if let fault = faultMonitors[index]?.check(expected: expected[axis], measured: measured[axis]) {
                return fault
            }
        }
        return nil
    }

    /// A motor reporting a problem of its own: a stepper whose steps were
    /// dropped for lateness (see `StepExecutor`), a motor that reports its
    /// own problem (overheating, silent on its bus). Checked every tick,
    /// halting or not: the motor has already missed its motion, or cannot be
    /// trusted with more.
    func actuatorFault() -> AxisFault? {
        for drive in drives {
            if let problem = drive.motorProblem { return .motor(axis: drive.axis, problem: problem) }
        }
        return nil
    }

    func enterFault(_ fault: AxisFault, at now: MonotonicInstant, time: Seconds, measured: PerAxis<Radians>) {
        mode = mode.isHalting ? .halting(fault: fault) : .faulted(fault, driversOff: false)
        current.faultsDetected &+= 1
        demo = nil
        current.demoPhase = nil
        // A move the fault ended reports `failed` (PROGRESS state 3).
        controller.fail(at: time)
        // A motor that is not following is released at once; one that is
        // fine (homing found no switch) stops under control like the others.
        if case .homingFailed = fault { return }
        for drive in drives where drive.axis == fault.axis && drive.isEnabled { drive.disable(at: now) }
    }

    /// While faulted: `clearFault` once at rest, `stop` and `getState`-like
    /// commands accepted, everything else refused with the fault.
    func answerWhileFaulted(_ fault: AxisFault, at now: MonotonicInstant, time: Seconds, measured: PerAxis<Radians>) {
        while let posted = mailbox.nextCommand() {
            switch posted.command {
            case .clearFault:
                // At rest now, not only once: a range set while faulted moves an
                // axis back inside it, and re-synchronising a moving axis to its
                // encoder would stop it dead.
                guard case .faulted(_, driversOff: true) = mode, controller.isAtRest else {
                    current.commandsRejected &+= 1
                    mailbox.answer(posted.ticket, .failure(SwivelError(.busy, .faultStillStopping, axis: fault.axis)))
                    continue
                }
                beginClearing(fault, at: now, time: time, measured: measured)
                current.commandsApplied &+= 1
                mailbox.answer(posted.ticket, .success(.accepted))
            case .stop, .resetSession, .stopTracking, .trackLost, .resetLimits, .setLimits:
                // Nothing moves while faulted; these change no motion, so they are
                // accepted and applied (limits and session state stay coherent).
                applyAndAnswer(posted, at: time, measured: measured)
            default:
                current.commandsRejected &+= 1
                mailbox.answer(posted.ticket, .failure(AxisFaultMonitor.refusal(for: fault)))
            }
        }
        mailbox.flushReplies()
    }

    /// How long re-enabled drivers get to pull their rotors onto the field
    /// before the measured positions are adopted: a stepper re-enabled off
    /// an equilibrium snaps up to two full steps.
    static let faultClearSettleSeconds: Seconds = 0.1

    /// Re-enables the drivers where the axes are; the fault clears once they
    /// have settled (`finishClearing`), with the positions measured then.
    private func beginClearing(_ fault: AxisFault, at now: MonotonicInstant, time: Seconds, measured: PerAxis<Radians>) {
        controller.resynchronize(to: measured, at: time)
        // At the end of this tick's planned period, as the disables were: an
        // earlier instant could land before a disable still queued.
        let end = now.advanced(byNanoseconds: leadNanoseconds + periodNanoseconds)
        for drive in drives {
            drive.adopt(position: measured[drive.axis])
            if !drive.isEnabled { drive.enable(at: end, holding: measured[drive.axis]) }
        }
        mode = .clearing(fault, since: time)
        // Drivers on is motion started, whether or not one came before the fault.
        if current.firstMotionSeconds == nil { current.firstMotionSeconds = time }
    }

    /// Called every tick while faulted: ends a clearing once settled.
    func finishClearingIfSettled(time: Seconds, measured: PerAxis<Radians>) {
        guard case .clearing(_, let since) = mode, time - since >= Self.faultClearSettleSeconds, controller.isAtRest else {
            return
        }
        controller.resynchronize(to: measured, at: time)
        for drive in drives { drive.adopt(position: measured[drive.axis]) }
        for index in faultMonitors.indices { faultMonitors[index]?.reset() }
        commandedHistory.clear()
        current.peakFollowingErrorRadians = PerAxis(repeating: 0)
        mode = .running
    }
}

/// The positions commanded over the last `delayTicks` ticks, oldest first out:
/// what an encoder measuring now should read. Allocated once; `record` and
/// `oldest` are real-time safe.
struct CommandedHistory {
    let delayTicks: Int
    private var ring: [PerAxis<Radians>]
    private var next = 0
    private(set) var count = 0

    init(delayTicks: Int) {
        self.delayTicks = max(1, delayTicks)
        ring = Array(repeating: PerAxis(repeating: 0), count: self.delayTicks)
    }

    var isFull: Bool { count == delayTicks }

    /// The position commanded `delayTicks` ticks ago (valid once `isFull`).
    var oldest: PerAxis<Radians> { ring[next] }

    mutating func record(_ positions: PerAxis<Radians>) {
        ring[next] = positions
        next = (next + 1) % delayTicks
        count = min(count + 1, delayTicks)
    }

    mutating func clear() {
        next = 0
        count = 0
    }
}
