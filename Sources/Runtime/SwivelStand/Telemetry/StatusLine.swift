import SwivelCore
public import SwivelLoop

/// The daemon's live one-line status: what is moving the stand (or the fault
/// that stops it), per-axis position and velocity (measured through the
/// encoders where the axis has one), and the loop's timing.
///
/// Most important first: a terminal narrower than the line cuts its end, and
/// an 80-column one kept only the time, yaw and part of pitch, hiding the
/// fault, tracking and the hosts.
public enum StatusLine {
    /// - Parameter context: the daemon's own segments (hosts, tracking, the
    ///   camera), placed right after what the stand is doing.
    public static func format(_ status: StandStatus, loop: LoopStatistics?, context: [String] = []) -> String {
        var parts: [String] = [describe(status)] + context + [fixed(status.time, 1) + "s"]
        for axis in [Axis.yaw, .pitch, .roll] where status.axes.contains(axis) {
            let position = status.measured[axis]
            let velocity = status.commanded[axis].velocity
            let source = status.encoderAxes.contains(axis) ? "" : "*"
            parts.append("\(axis) \(fixed(position, 3, signed: true))\(source) rad \(fixed(velocity, 2, signed: true)) rad/s")
        }
        if !status.encoderAxes.isEmpty {
            // What to set faultDetection.maxFollowingErrorRad above.
            let peaks = [Axis.yaw, .pitch, .roll].filter { status.encoderAxes.contains(AxisSet($0)) }
                .map { "\($0) \(fixed(status.peakFollowingErrorRadians[$0], 4))" }
            parts.append("peak following error " + peaks.joined(separator: " ") + " rad")
        }
        if let loop, loop.ticks > 0 {
            parts.append(
                "loop p99 wake \(humanDuration(nanoseconds: loop.wakeLatency.percentileNanoseconds(0.99)))"
                    + " tick \(humanDuration(nanoseconds: loop.tickCost.percentileNanoseconds(0.99)))"
                    + " overruns \(loop.overruns)")
        }
        return parts.joined(separator: " | ")
    }

    /// What is moving the stand, in words.
    public static func describe(_ status: StandStatus) -> String {
        if status.halted { return "halted, drivers disabled" }
        if status.halting { return "stopping" }
        if let fault = status.fault {
            return (status.faultDisabled ? "MOTOR FAULT, drivers off: " : "MOTOR FAULT, stopping: ") + fault.description
        }
        if let phase = status.demoPhase { return phase.description }
        switch status.activeMotion {
        case .velocity(let v) where v == .zero:
            let jogs = [Axis.yaw, .pitch, .roll].filter { status.servoPulseNanoseconds[$0] != 0 }
            if !jogs.isEmpty {
                // The width is what a person finding end points writes into the board file.
                return "servo pulse jog " + jogs.map { "\($0) \(status.servoPulseNanoseconds[$0] / 1_000) µs" }.joined(separator: " ")
            }
            return status.driversEnabled ? "holding" : "idle, drivers off"
        case .velocity(let v): return "velocity \(fixed(v.pitch, 2, signed: true))/\(fixed(v.yaw, 2, signed: true))/\(fixed(v.roll, 2, signed: true)) rad/s"
        case .orientation(let id):
            return "move #\(id) \(fixed((status.lastRequest?.fractionCompleted ?? 0) * 100, 0))%"
        case .animation(let name, let id):
            return "animate \(name) #\(id) \(fixed((status.lastRequest?.fractionCompleted ?? 0) * 100, 0))%"
        case .homing:
            return "homing"
        case .tracking:
            let error = status.trackingErrorRadians
            // Nobody in view for the idle timeout rests the drivers while tracking goes on.
            return "tracking \(status.trackingPhase), error yaw \(fixed(error.yaw, 3, signed: true))"
                + " pitch \(fixed(error.pitch, 3, signed: true)) rad" + (status.driversEnabled ? "" : ", drivers off")
        }
    }
}
