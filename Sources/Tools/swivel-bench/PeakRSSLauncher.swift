import SwivelPOSIX
import SwivelToolSupport

/// bench/c/peak_rss: runs a program and reports its wait4 ru_maxrss from a
/// parent small enough not to inflate it (see the C file for why).
struct PeakRSSLauncher {
    static let defaultPath = "bench/out/peak_rss"
    static let source = "bench/c/peak_rss.c"

    let path: String
    let buildNote: String?

    struct Run {
        var exitCode: Int32?
        var signal: Int32?
        /// ru_maxrss in KiB (Linux's unit; the launcher prints it as the kernel gives it).
        var maximumResidentKibibytes: Int
        /// The program's standard output and error, and the launcher's line.
        var output: String

        var howItEnded: String {
            signal.map { "was killed by signal \($0)" } ?? "exited with \(exitCode ?? -1)"
        }
    }

    static func locate() throws(ToolFailure) -> PeakRSSLauncher {
        let note = try CProgramBuild.ensure(binary: defaultPath, source: source)
        return PeakRSSLauncher(path: defaultPath, buildNote: note)
    }

    func spawn(_ program: String, arguments: [String]) throws(ToolFailure) -> Subprocess.Running {
        try Subprocess.spawn(path, arguments: [program] + arguments, errorOutput: .merge)
    }

    func finish(_ child: Subprocess.Running) throws(ToolFailure) -> Run {
        let result = try Subprocess.finish(child)
        guard let line = result.standardOutput.split(separator: "\n").last(where: { $0.hasPrefix("peak_rss ") }) else {
            throw ToolFailure("\(path) \(result.howItEnded) without its \"peak_rss\" line:\n\(result.standardOutput)")
        }
        var fields: [Substring: Int] = [:]
        for token in line.split(separator: " ").dropFirst() {
            guard let equals = token.firstIndex(of: "="), let value = Int(token[token.index(after: equals)...]) else {
                throw ToolFailure("malformed field \"\(token)\" in \(path)'s report")
            }
            fields[token[..<equals]] = value
        }
        guard let maximum = fields["maxrss_kib"], let exit = fields["exit"], let signal = fields["signal"] else {
            throw ToolFailure("\(path)'s report lacks maxrss_kib=, exit= or signal=: \"\(line)\"")
        }
        return Run(
            exitCode: signal == 0 ? Int32(clamping: exit) : nil, signal: signal == 0 ? nil : Int32(clamping: signal),
            maximumResidentKibibytes: maximum, output: result.standardOutput)
    }

    /// The launcher's child (the measured program), from /proc; waits up to a
    /// second for the launcher to fork. nil where /proc has no children file.
    static func childPid(of launcher: Subprocess.Running) -> String? {
        let path = "/proc/\(launcher.pid)/task/\(launcher.pid)/children"
        for _ in 0..<100 {
            if let text = (try? SmallFile.read(path, maximumBytes: .max))?.text,
               let pid = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first
            {
                return String(pid)
            }
            sleep(seconds: 0.01)
        }
        return nil
    }
}
