import SwivelCore
import SwivelHardware
import SwivelProtocol
import SwivelStand

extension LinkHub {
    func sendTelemetryIfDue(at now: MonotonicInstant) {
        guard statistics.sessionsDocked > 0 else { return }
        sendTrackingStateIfDue(at: now)
        guard let due = nextMotionState, now >= due else { return }
        let interval = configuration.motionStateIntervalNanoseconds
        // Keep the cadence; after a stall, restart it instead of sending a burst.
        let next = due.advanced(byNanoseconds: interval)
        nextMotionState = next > now ? next : now.advanced(byNanoseconds: interval)

        let status = stand.status()
        // A loop that has not ticked since the last report has nothing new to
        // say: the same instant twice would read as stand time standing still.
        if let last = lastMotionStateTime, status.time <= last { return }
        lastMotionStateTime = status.time
        broadcastTelemetry(.motionState(motionState(status)))
        for progress in progressWatch.reports(for: status, finalRepeats: configuration.finalProgressRepeats) {
            broadcastTelemetry(.progress(progress))
        }
    }

    func motionState(_ status: StandStatus) -> MotionStateReport {
        let velocities = vector(status.commanded.map { $1.velocity }, axes: status.axes)
        return MotionStateReport(
            timeMicroseconds: Self.microseconds(status.time), axes: status.axes,
            positions: vector(status.measured, axes: status.axes), velocities: velocities,
            fault: Self.wireFault(status.fault),
            systemTrackingEnabled: systemTrackingEnabled,
            moving: velocities != .zero || status.activeMotion != .velocity(.zero),
            enabledDriverAxes: status.enabledDriverAxes, faultCause: status.fault?.kind,
            servoPulseMicroseconds: status.servoPulseNanoseconds.map { _, pulse in UInt16(clamping: (pulse + 500) / 1000) })
    }

    /// DockKit's kind of the fault, as MOTION_STATE's `fault` byte carries it.
    static func wireFault(_ fault: AxisFault?) -> DockKitFault? { fault.map { DockKitFault($0.kind) } }

    func stateReport() -> StateReport {
        let status = stand.status()
        let activity: StateReport.Activity =
            switch status.activeMotion {
            // The wire has no tracking activity yet: following is velocity control.
            case .velocity: .velocity
            case .tracking: .tracking
            // The wire has no homing activity: it is the stand's own motion.
            case .homing: .velocity
            case .orientation(let id): .orientation(requestID: id)
            case .animation(let name, let id): .animation(name, requestID: id)
            }
        return StateReport(
            timeMicroseconds: Self.microseconds(status.time), axes: status.axes,
            systemTrackingEnabled: systemTrackingEnabled, halted: status.halted || status.halting,
            dockedSessions: UInt8(clamping: statistics.sessionsDocked), framingMode: tracking.framingMode,
            regionOfInterest: tracking.regionOfInterest, positions: vector(status.measured, axes: status.axes),
            velocities: vector(status.commanded.map { $1.velocity }, axes: status.axes),
            limits: status.limits.map { $1.map(WireAxisLimits.init) }, activity: activity,
            lastProgress: status.lastRequest, enabledDriverAxes: status.enabledDriverAxes,
            faultCause: status.fault?.kind, faultAxis: status.fault?.axis ?? .pitch,
            faultDescription: status.fault?.description ?? "")
    }

    private func vector(_ values: PerAxis<Double>, axes: AxisSet) -> Vector3 {
        Vector3(
            pitch: axes.contains(.pitch) ? values.pitch : 0, yaw: axes.contains(.yaw) ? values.yaw : 0,
            roll: axes.contains(.roll) ? values.roll : 0)
    }

    static func microseconds(_ seconds: Double) -> UInt64 {
        seconds > 0 && seconds.isFinite ? UInt64((seconds * 1e6).rounded()) : 0
    }
}

/// Decides which progress records go out with each motion-state period: a
/// running request every period, and how each request ended a few times over,
/// since telemetry may be lost.
struct ProgressWatch {
    private var finalSent: [(requestID: UInt32, count: Int)] = []

    mutating func reports(for status: StandStatus, finalRepeats: Int) -> [MotionProgress] {
        var out: [MotionProgress] = []
        for progress in [status.previousRequest, status.lastRequest].compactMap({ $0 }) {
            if progress.state == .running {
                out.append(progress)
                continue
            }
            let index = finalSent.firstIndex { $0.requestID == progress.requestID }
            let sent = index.map { finalSent[$0].count } ?? 0
            guard sent < finalRepeats else { continue }
            out.append(progress)
            if let index {
                finalSent[index].count += 1
            } else {
                finalSent.append((progress.requestID, 1))
                if finalSent.count > 8 { finalSent.removeFirst() }
            }
        }
        return out
    }
}
