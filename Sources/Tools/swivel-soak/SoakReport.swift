/// The figures of one run and what failed, from the soak's own counts, the
/// checker, /proc, and what the daemon printed when it exited.
struct SoakReport {
    var lines: [String] = []
    var failures: [String] = []

    init(soak: Soak, termination: (ending: DaemonProcess.Ending, seconds: Double, killed: Bool)) {
        let statistics = soak.statistics
        let observer = soak.observer
        let checker = observer.checker
        let log = soak.daemon.log
        let summary = DaemonSummary(log: log)

        lines.append("swivel-soak: \(format(soak.ranSeconds, 0)) s (\(format(Double(Soak.idleNanoseconds) / 1e9, 0)) s of the checker alone, then the sessions), seed \(soak.seed), \(soak.options.sessions) sessions and the checker's, \(soak.options.boardPath), \(soak.options.daemonPath)" + (soak.options.excluded.isEmpty ? "" : ", without " + soak.options.excluded.map(\.rawValue).sorted().joined(separator: ",")))
        lines.append("")
        lines.append("caps, from \(checker.figures.reports) MOTION_STATE (worst as a fraction of its bound; above 1 breaks it):")
        for check in ["commanded speed", "commanded acceleration", "measured position past the hardware range", "measured speed", "measured acceleration"] {
            guard let worst = checker.figures.worst[check] else {
                lines.append("  \(check.padding(44)) not measured")
                continue
            }
            let count = checker.violations.filter { $0.check == check }.count
            lines.append("  \(check.padding(44)) worst \(format(worst.ratio, 3)) (\(worst.axis), \(format(worst.value, 4)))" + (count > 0 ? ", \(count) violations" : ""))
        }
        lines.append("  largest MOTION_STATE interval              \(format(checker.figures.largestGapSeconds * 1000, 1)) ms stand time, \(format(Double(observer.largestArrivalGapNanoseconds) / 1e6, 1)) ms arriving")
        lines.append("  telemetry the daemon dropped for the checker \(observer.telemetryLost) frames")
        lines.append("  the soak's own longest loop turn            \(format(Double(soak.longestTurnNanoseconds) / 1e6, 1)) ms (arrival gaps longer than this are the daemon's)")
        if checker.figures.faultReports > 0 {
            lines.append("  MOTION_STATE with a fault                  \(checker.figures.faultReports) (\(observer.faultsSeen.sorted().joined(separator: ", ")))")
        }
        for (violation, sent) in observer.violationContexts.prefix(3) {
            lines.append("  \(violation)")
            lines.append("    sent in the 300 ms before it arrived:" + (sent.isEmpty ? " nothing" : ""))
            for line in sent.suffix(8) { lines.append("      \(line)") }
        }
        for violation in checker.violations.prefix(10) { failures.append("cap broken: \(violation)") }
        if checker.violations.count > 10 { failures.append("… and \(checker.violations.count - 10) more cap violations") }
        if checker.figures.timeRegressions > 0 { failures.append("stand time went backwards or stood still \(checker.figures.timeRegressions) times") }
        if checker.figures.reports == 0 { failures.append("no MOTION_STATE reached the checker") }

        let idle = Percentile(observer.idleHeartbeatNanoseconds)
        let rtt = Percentile(observer.heartbeatNanoseconds)
        lines.append("")
        lines.append("link:")
        lines.append("  checker HEARTBEAT → ACK, alone              \(observer.idleHeartbeatNanoseconds.count) round trips, p50 \(micro(idle.at(0.5))) p99 \(micro(idle.at(0.99))) max \(micro(idle.at(1)))")
        var loadedLine = "  checker HEARTBEAT → ACK, under load         \(observer.heartbeatNanoseconds.count) round trips, p50 \(micro(rtt.at(0.5))) p99 \(micro(rtt.at(0.99))) max \(micro(rtt.at(1)))"
        if let loadedP99 = rtt.at(0.99), let idleP99 = idle.at(0.99), idleP99 > 0 {
            loadedLine += "; p99 \(format(Double(loadedP99) / Double(idleP99), 2))× the idle p99"
        }
        lines.append(loadedLine)
        let opened = statistics.sessionsOpened.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        lines.append("  sessions opened                             \(opened.isEmpty ? "none" : opened)\(statistics.connectFailures > 0 ? ", \(statistics.connectFailures) connects failed" : "")")
        lines.append("  sent                                        \(statistics.commandsSent) commands, \(statistics.retransmissions) retransmissions, \(statistics.garbageSent) garbage frames")
        let errors = statistics.errors.sorted { $0.value > $1.value }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("  answered                                    \(statistics.acks) ACK; ERR: \(errors.isEmpty ? "none" : errors)")
        lines.append("  unanswered after 2 s (reading clients)      \(statistics.unanswered + observer.unanswered)")
        lines.append("  owed to sessions that hung up               \(statistics.abandoned)")
        let transport = statistics.transportErrors.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        lines.append("  transport errors                            \(transport.isEmpty ? "none" : transport)\(statistics.lastTransportError.map { "; last: \($0)" } ?? "")")
        if statistics.unanswered + observer.unanswered > 0 {
            failures.append("\(statistics.unanswered + observer.unanswered) commands from reading clients got no reply within 2 s (docs/PROTOCOL.md §2: each is answered)")
        }
        if statistics.undecodable > 0 || statistics.framesDropped > 0 {
            failures.append("the daemon sent \(statistics.undecodable) frames that do not decode as a message and \(statistics.framesDropped) that a host's decoder dropped")
        }

        lines.append("")
        lines.append("the daemon (/proc, every second):")
        if let first = soak.samples.first, let last = soak.samples.last {
            let peak = soak.samples.map(\.residentKiB).max() ?? 0
            let half = soak.samples[soak.samples.count / 2]
            lines.append("  RSS                                         \(first.residentKiB) KiB at start, \(half.residentKiB) KiB halfway, \(last.residentKiB) KiB at the end, peak \(peak) KiB (VmHWM \(last.highWaterKiB) KiB)")
            let descriptors = soak.samples.map(\.descriptors)
            lines.append("  open descriptors                            \(soak.baselineDescriptors.map(String.init) ?? "?") with the checker alone, peak \(descriptors.max() ?? 0), \(soak.endDescriptors.map(String.init) ?? "?") after the sessions left")
            lines.append("  threads                                     \(first.threads) at start, \(soak.samples.map(\.threads).max() ?? 0) at most")
        } else {
            lines.append("  no samples (not Linux, or the daemon was gone)")
        }
        if let baseline = soak.baselineDescriptors, let end = soak.endDescriptors, end > baseline {
            failures.append("the daemon holds \(end - baseline) more descriptors after every session left than before they came")
        }
        lines.append("  loop (its summary)                          \(summary.loopLine ?? "no summary")")
        if let wake = summary.wakeLine { lines.append("                                              \(wake)") }
        if let link = summary.linkLine { lines.append("                                              \(link)") }
        lines.append("  peak following error                        \(summary.peakFollowingError.map { format($0, 4) + " rad" } ?? "not printed") (the measured checks assume ≤ \(CapChecker.followingErrorBound))")
        lines.append(soak.endedEarly
            ? "  SIGTERM                                     not sent: the daemon had already ended (it \(termination.ending))"
            : "  SIGTERM                                     \(termination.ending) after \(format(termination.seconds, 2)) s\(summary.stopped ? ", stopped; drivers disabled" : "")")
        if let peak = summary.peakFollowingError, peak > CapChecker.followingErrorBound {
            failures.append("the peak following error \(peak) rad exceeds the \(CapChecker.followingErrorBound) rad the measured checks assume: their bounds do not hold")
        }
        failures.append(contentsOf: soak.problems)
        if termination.killed { failures.append("swiveld did not exit within 30 s of SIGTERM; killed") }
        if termination.ending != .exited(0) && !soak.endedEarly {
            failures.append("swiveld \(termination.ending) after SIGTERM")
        }
        if !summary.stopped { failures.append("swiveld's summary does not say \"stopped; drivers disabled\"") }
        if !summary.crash.isEmpty {
            lines.append("")
            lines.append("the daemon crashed:")
            for line in summary.crash { lines.append("  \(line)") }
            // Values only a hostile host sends first (they are the usual cause), then the last lines.
            let hostile = soak.lastSent.filter { $0.contains("e+") || $0.contains("inf") || $0.contains("nan") }
            lines.append("  hostile values sent in the 2 s before the sessions stopped:" + (hostile.isEmpty ? " none" : ""))
            for line in hostile.suffix(8) { lines.append("    \(line)") }
            lines.append("  the last commands:" + (soak.lastSent.isEmpty ? " none" : ""))
            for line in soak.lastSent.suffix(6) { lines.append("    \(line)") }
        } else if !failures.isEmpty && !summary.stopped {
            lines.append("")
            lines.append("the end of the daemon's log:")
            lines.append(soak.daemon.logTail(15))
        }
    }

    func print() {
        for line in lines { say(line) }
        say("")
        if failures.isEmpty {
            say("swivel-soak: PASS: every cap held, every command from a reading client was answered, no descriptor leaked, clean exit")
        } else {
            say("swivel-soak: FAIL (\(failures.count)):")
            for failure in failures { say("  - \(failure)") }
        }
    }

    private func micro(_ nanoseconds: Int64?) -> String {
        guard let nanoseconds else { return "-" }
        return nanoseconds >= 10_000_000 ? format(Double(nanoseconds) / 1e6, 1) + " ms" : format(Double(nanoseconds) / 1e3, 0) + " µs"
    }
}

/// Nearest-rank percentiles.
struct Percentile {
    let sorted: [Int64]
    init(_ samples: [Int64]) { sorted = samples.sorted() }
    func at(_ q: Double) -> Int64? {
        guard !sorted.isEmpty else { return nil }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.up)) - (q > 0 ? 1 : 0))]
    }
}

/// The lines swiveld prints when it exits (Sources/Tools/swiveld/Summary.swift), and
/// the peak following error from its last status line.
struct DaemonSummary {
    var loopLine: String?
    var wakeLine: String?
    var linkLine: String?
    var stopped = false
    var peakFollowingError: Double?
    /// The Swift runtime's crash report, shortened: the failure and the crashed thread's first frames.
    var crash: [String] = []

    init(log: String) {
        var framesLeft = 0
        for raw in log.split(separator: "\n") {
            let line = raw.trimmingCharacters()
            if line.hasPrefix("*** Swift runtime failure") || line.hasPrefix("*** Program crashed") || line.contains("Fatal error:") {
                crash.append(line)
            }
            if line.hasSuffix("crashed:") {
                crash.append(line)
                framesLeft = 5
                continue
            }
            if framesLeft > 0 && !line.isEmpty {
                crash.append(line)
                framesLeft -= 1
            }
            if line.hasPrefix("swiveld: ran ") { loopLine = String(line.dropFirst("swiveld: ".count)) }
            if line.hasPrefix("wake latency") { wakeLine = line }
            if line.hasPrefix("host link:") { linkLine = line }
            if line == "stopped; drivers disabled" { stopped = true }
            // "… | peak following error yaw 0.0030 pitch 0.0020 rad | …"
            for part in line.split(separator: "|") where part.contains("peak following error") {
                let values = part.split(separator: " ").compactMap { Double($0) }
                if let peak = values.max() { peakFollowingError = max(peakFollowingError ?? 0, peak) }
            }
        }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

extension Substring {
    func trimmingCharacters() -> String {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text.removeLast() }
        return String(text)
    }
}
