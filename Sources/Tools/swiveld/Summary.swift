import SwivelCore
import SwivelRuntime

/// What swiveld prints when it exits.
enum Summary {
    static func count(_ n: UInt64, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func format(
        _ status: StandStatus, loop: LoopStatistics, elapsedSeconds nanoseconds: Int64,
        haltReaction: (requestedDuringTick: Int64, stoppingFromTick: Int64)? = nil
    ) -> String {
        let wake = loop.wakeLatency, cost = loop.tickCost
        var lines = [
            "swiveld: ran \(fixed(Double(nanoseconds) / 1e9, 1)) s: \(loop.ticks) ticks at \(1_000_000_000 / loop.periodNanoseconds) Hz, \(count(loop.overruns, "overrun")) (\(count(loop.skippedDeadlines, "deadline")) skipped)",
            "  wake latency p50 \(humanDuration(nanoseconds: wake.percentileNanoseconds(0.5))) p99 \(humanDuration(nanoseconds: wake.percentileNanoseconds(0.99))) max \(humanDuration(nanoseconds: wake.maxNanoseconds))",
            "  tick cost    p50 \(humanDuration(nanoseconds: cost.percentileNanoseconds(0.5))) p99 \(humanDuration(nanoseconds: cost.percentileNanoseconds(0.99))) max \(humanDuration(nanoseconds: cost.maxNanoseconds))",
            "  SCHED_FIFO \(loop.fifoGranted ? "granted" : "not granted"), mlockall \(loop.memoryLocked ? "granted" : "not granted")",
        ]
        var axes: [String] = []
        for axis in [Axis.yaw, .pitch, .roll] where status.axes.contains(axis) {
            axes.append("\(axis) \(fixed(status.measured[axis], 4, signed: true)) rad (\(status.encoderAxes.contains(axis) ? "encoder" : "commanded"))")
        }
        lines.append("  final: " + axes.joined(separator: ", "))
        // The engine's count: motion commands that reached the stand. The host link's line counts every
        // message a host sent, and its errors include these refusals and the link's own.
        lines.append(
            "  motion commands that reached the stand: \(status.commandsApplied) applied, \(status.commandsRejected) refused "
                + "(stopping, a fault, a limit); demo cycles \(status.demoCycles)")
        lines.append("  encoder illegal transitions \(status.encoderIllegalTransitions), dropped edge events \(status.encoderDroppedEvents), rate-limited steps \(status.rateLimitedSteps), driver faults \(status.driverFaults)")
        var faults = "  motor faults \(status.faultsDetected)"
        if let fault = status.fault { faults += " (latched: \(fault))" }
        if let homing = status.homing {
            faults += homing.failedAxes.isEmpty ? "; homed" : "; homing failed on \(homing.failedAxes)"
        }
        lines.append(faults)
        if let reaction = haltReaction {
            // The promise "the stop reaches the outputs within two periods", as the loop counted it.
            let later = reaction.stoppingFromTick - reaction.requestedDuringTick
            lines.append(
                "  halt requested during tick \(reaction.requestedDuringTick), the stop commanded by tick \(reaction.stoppingFromTick)"
                    + " (\(later) later; its steps start one period after its deadline)")
        }
        if status.firstMotionSeconds == nil { lines.append("  drivers never enabled: nothing moved") }
        lines.append(status.halted ? "  stopped; drivers disabled" : "  NOT confirmed stopped")
        return lines.joined(separator: "\n")
    }
}
