#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program with extra environment variables and a given standard
/// input, its output captured in temporary files (no pipe can fill up).
struct Subprocess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    struct SpawnError: Error { var code: Int32 }

    /// Blocks until the program exits: call it from a test with nothing else to do meanwhile.
    static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:], input: String = "") throws -> Result {
        let tag = "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let inputPath = "/tmp/swkit-\(tag).in", outputPath = "/tmp/swkit-\(tag).out", errorPath = "/tmp/swkit-\(tag).err"
        defer {
            unlink(inputPath)
            unlink(outputPath)
            unlink(errorPath)
        }
        try writeText(input, to: inputPath)
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
            let name = String(text.prefix { $0 != "=" })
            if environment[name] == nil { inherited.append(text) }
            index += 1
        }
        let envp = (inherited + environment.map { "\($0.key)=\($0.value)" }).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw SpawnError(code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED / WEXITSTATUS by hand: the macros are not imported.
        let exited = status & 0x7f == 0
        let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: code, standardOutput: readText(outputPath), standardError: readText(errorPath))
    }
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

func writeText(_ text: String, to path: String) throws {
    guard let file = fopen(path, "w") else { throw Subprocess.SpawnError(code: errno) }
    defer { fclose(file) }
    fputs(text, file)
}
