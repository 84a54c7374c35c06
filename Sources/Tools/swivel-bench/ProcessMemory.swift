#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelToolSupport

/// What /proc says about a process's memory (Linux only; elsewhere every
/// reading is nil and the benchmark says so).
enum ProcessMemory {
    /// A `/proc/<pid>/status` size field in KiB (VmHWM, VmRSS, VmLck…); `process` is a pid or "self".
    /// nil when there is no such process, or it has exited and has no memory left to report.
    static func statusKibibytes(_ key: String, process: String) -> Int? {
        statusField(key, process: process)?.split(separator: " ").first.flatMap { Int($0) }
    }

    /// The value of a `/proc/<pid>/status` line, without its key and surrounding blanks.
    static func statusField(_ key: String, process: String) -> String? {
        guard let text = (try? SmallFile.read("/proc/\(process)/status", maximumBytes: .max))?.text else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return line.dropFirst(key.count + 1).trimmingSpaces()
        }
        return nil
    }

    struct Mapping {
        var residentKibibytes: Int
        var label: String
    }

    /// The `count` mappings with the most resident memory, largest first. An
    /// anonymous mapping holding a thread's stack pointer is named as that
    /// thread's stack (from /proc/<pid>/task/*/syscall), so a stack made
    /// resident by mlockall is recognisable.
    static func largestMappings(process: String, count: Int) -> [Mapping] {
        guard let text = (try? SmallFile.read("/proc/\(process)/smaps", maximumBytes: .max))?.text else { return [] }
        let stackPointers = threadStackPointers(process: process)
        var mappings: [Mapping] = []
        var label = ""
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let first = fields.first else { continue }
            if first == "Rss:", fields.count >= 2, let kib = Int(fields[1]) {
                mappings.append(Mapping(residentKibibytes: kib, label: label))
            } else if fields.count >= 5, let dash = first.firstIndex(of: "-"),
                      let start = UInt64(first[..<dash], radix: 16),
                      let end = UInt64(first[first.index(after: dash)...], radix: 16)
            {
                let size = "\((end - start) / 1_024) KiB mapped"
                if fields.count >= 6 {
                    label = fields[5...].joined(separator: " ") + ", " + size
                } else if let thread = stackPointers.first(where: { start <= $0.pointer && $0.pointer < end }) {
                    let threadName = ((try? SmallFile.read("/proc/\(process)/task/\(thread.thread)/comm", maximumBytes: .max))?.text)
                        .map { " \"" + $0.split(separator: "\n").joined() + "\"" } ?? ""
                    label = "stack of thread \(thread.thread)\(threadName), \(size)"
                } else {
                    label = "anonymous, \(size)"
                }
            }
        }
        return Array(mappings.sorted { $0.residentKibibytes > $1.residentKibibytes }.prefix(count))
    }

    /// Each thread's stack pointer where the thread is blocked in a system call.
    private static func threadStackPointers(process: String) -> [(thread: String, pointer: UInt64)] {
        guard let directory = opendir("/proc/\(process)/task") else { return [] }
        defer { closedir(directory) }
        var result: [(String, UInt64)] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard !name.hasPrefix("."), let text = (try? SmallFile.read("/proc/\(process)/task/\(name)/syscall", maximumBytes: .max))?.text else { continue }
            // "nr arg1 … arg6 sp pc"; a running thread reports "running" instead.
            let fields = text.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 9, fields[7].hasPrefix("0x"), let pointer = UInt64(fields[7].dropFirst(2), radix: 16)
            else { continue }
            result.append((name, pointer))
        }
        return result
    }
}
