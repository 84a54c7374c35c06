#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// CPU time each named thread of a process has used, from
/// `/proc/<pid>/task/<tid>/stat` (utime + stime, in clock ticks): where a
/// daemon's time goes under a load. Empty off Linux.
enum ThreadCPU {
    /// Seconds of CPU per thread name (threads of one name summed).
    static func seconds(of pid: pid_t) -> [String: Double] {
        let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
        guard ticksPerSecond > 0, let directory = opendir("/proc/\(pid)/task") else { return [:] }
        defer { closedir(directory) }
        var result: [String: Double] = [:]
        while let entry = readdir(directory) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int(tid) != nil, let stat = (try? SmallFile.read("/proc/\(pid)/task/\(tid)/stat", maximumBytes: 4096))?.text,
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { continue }
            let name = String(stat[stat.index(after: open)..<close])
            // After "(comm)": state is field 3, utime 14, stime 15 (1-based).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
            result[name, default: 0] += (user + system) / ticksPerSecond
        }
        return result
    }

    /// Nanoseconds per thread name spent runnable but waiting for a CPU, from
    /// `/proc/<pid>/task/<tid>/schedstat` (its second field): a thread that
    /// waits there is not running, however soon its work would be done.
    static func runQueueWaitNanoseconds(of pid: pid_t) -> [String: Double] {
        guard let directory = opendir("/proc/\(pid)/task") else { return [:] }
        defer { closedir(directory) }
        var result: [String: Double] = [:]
        while let entry = readdir(directory) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int(tid) != nil,
                  let comm = (try? SmallFile.read("/proc/\(pid)/task/\(tid)/comm", maximumBytes: 64))?.text,
                  let schedstat = (try? SmallFile.read("/proc/\(pid)/task/\(tid)/schedstat", maximumBytes: 256))?.text
            else { continue }
            let fields = schedstat.split(separator: " ")
            guard fields.count >= 2, let waited = Double(fields[1]) else { continue }
            result[String(comm.prefix { $0 != "\n" }), default: 0] += waited
        }
        return result
    }

    /// Each thread's share of one CPU between two readings over `seconds`.
    static func shares(before: [String: Double], after: [String: Double], seconds: Double) -> [String: Double] {
        guard seconds > 0 else { return [:] }
        return after.mapValues { $0 }.reduce(into: [:]) { result, entry in
            result[entry.key] = (entry.value - (before[entry.key] ?? 0)) / seconds
        }
    }
}
