#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelToolSupport

/// Builds a C baseline from its source when the binary is missing or older
/// than the source, so `make bench` works whether or not the Makefile compiled
/// it first. The same recipe as the Makefile's: clang (else cc) -O2.
enum CProgramBuild {
    /// Returns a note saying what was compiled, or nil when the binary was up to date.
    static func ensure(binary: String, source: String, flags: [String] = []) throws(ToolFailure) -> String? {
        guard let sourceTime = modificationTime(source) else {
            throw ToolFailure("cannot find \(source) (run from the repository root)")
        }
        if let binaryTime = modificationTime(binary), binaryTime >= sourceTime, access(binary, X_OK) == 0 {
            return nil
        }
        try makeParentDirectory(of: binary)
        var attempts: [String] = []
        for compiler in ["clang", "cc"] {
            let result: Subprocess.Result
            do throws(ToolFailure) {
                result = try Subprocess.run(
                    compiler, arguments: ["-O2"] + flags + ["-o", binary, source], searchPath: true, errorOutput: .merge)
            } catch {
                attempts.append(error.description)
                continue
            }
            guard result.exitCode == 0 else {
                throw ToolFailure("\(compiler) -O2 \(flags.joined(separator: " ")) -o \(binary) \(source) \(result.howItEnded):\n\(result.standardOutput)")
            }
            return "built \(binary) with `\(compiler) -O2 \(flags.map { $0 + " " }.joined())-o \(binary) \(source)`"
        }
        throw ToolFailure("no C compiler to build \(source): " + attempts.joined(separator: "; "))
    }

    private static func modificationTime(_ path: String) -> (seconds: Int, nanoseconds: Int)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
        return (info.st_mtim.tv_sec, info.st_mtim.tv_nsec)
        #else
        return (info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec)
        #endif
    }

    private static func makeParentDirectory(of path: String) throws(ToolFailure) {
        guard let slash = path.lastIndex(of: "/") else { return }
        let directory = String(path[..<slash])
        guard !directory.isEmpty, access(directory, F_OK) != 0 else { return }
        guard mkdir(directory, 0o755) == 0 || errno == EEXIST else {
            throw ToolFailure("cannot create \(directory): \(Subprocess.describeErrno(errno))")
        }
    }
}
