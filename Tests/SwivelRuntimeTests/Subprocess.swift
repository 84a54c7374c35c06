#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with its output captured in temporary files (no pipe can fill up).
struct Subprocess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    let pid: pid_t
    private let outputPath: String
    private let errorPath: String

    /// - Parameter input: standard input, from a file the child reads (empty by default).
    static func launch(_ path: String, _ arguments: [String], input: String = "") throws -> Subprocess {
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let outputPath = "/tmp/swivel-test-\(tag).out", errorPath = "/tmp/swivel-test-\(tag).err"
        let inputPath = "/tmp/swivel-test-\(tag).in"
        try writeText(input, to: inputPath)
        // The child has the file open once spawned; its name is not needed after.
        defer { unlink(inputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard result == 0 else { throw SpawnError(code: result) }
        return Subprocess(pid: pid, outputPath: outputPath, errorPath: errorPath)
    }

    struct SpawnError: Error { var code: Int32 }

    func signal(_ signal: Int32) { kill(pid, signal) }

    func wait() -> Result {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        return Result(status: code, standardOutput: readText(outputPath), standardError: readText(errorPath))
    }

    static func run(_ path: String, _ arguments: [String], input: String = "") throws -> Result {
        try launch(path, arguments, input: input).wait()
    }

}

func sleepSeconds(_ seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
}

/// A whole file as text ("" when it cannot be opened).
func readText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: buffer[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to `path`, replacing it.
func writeText(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else { throw Subprocess.SpawnError(code: errno) }
    defer { fclose(file) }
    fputs(text, file)
}
