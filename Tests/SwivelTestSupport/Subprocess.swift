#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Runs a program with extra environment variables and a given standard
/// input, its output captured in temporary files (no pipe can fill up).
public struct Subprocess {
    public struct Result {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    public struct SpawnError: Error { public var code: Int32 }

    public let pid: pid_t
    private let outputPath: String
    private let errorPath: String

    /// Starts `path`; `environment` is added to (and overrides) this process's.
    public static func launch(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], input: String = ""
    ) throws -> Subprocess {
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
        var inherited: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if environment[String(text.prefix { $0 != "=" })] == nil { inherited.append(text) }
            index += 1
        }
        let envp = (inherited + environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(code: spawned) }
        return Subprocess(pid: pid, outputPath: outputPath, errorPath: errorPath)
    }

    public func signal(_ signal: Int32) { kill(pid, signal) }

    /// Blocks until the program exits.
    public func wait() -> Result {
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

    /// As `wait()`, but gives up after `seconds` (nil: still running) so a
    /// test of a daemon that hangs fails instead of hanging with it.
    public func wait(timeoutSeconds seconds: Double) -> Result? {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let end = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + seconds
        while true {
            var status: Int32 = 0
            var reaped = waitpid(pid, &status, WNOHANG)
            while reaped < 0, errno == EINTR { reaped = waitpid(pid, &status, WNOHANG) }
            if reaped == pid {
                let exited = status & 0x7f == 0
                let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                defer {
                    unlink(outputPath)
                    unlink(errorPath)
                }
                return Result(status: code, standardOutput: readText(outputPath), standardError: readText(errorPath))
            }
            clock_gettime(CLOCK_MONOTONIC, &now)
            if Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 >= end { return nil }
            sleepSeconds(0.01)
        }
    }

    /// What it wrote to standard error so far.
    public var standardErrorSoFar: String { readText(errorPath) }

    /// Blocks until the program exits: call it from a test with nothing else to do meanwhile.
    public static func run(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], input: String = ""
    ) throws -> Result {
        try launch(path, arguments, environment: environment, input: input).wait()
    }
}

public func sleepSeconds(_ seconds: Double) {
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
}

/// A whole file as text ("" when it cannot be opened).
public func readText(_ path: String) -> String {
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
public func writeText(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else { throw Subprocess.SpawnError(code: errno) }
    defer { fclose(file) }
    fputs(text, file)
}
