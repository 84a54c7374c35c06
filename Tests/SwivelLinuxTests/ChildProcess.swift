#if os(Linux)
import Glibc

/// Runs a program to completion with stdout and stderr captured, for the
/// test that builds the shim against another libgpiod. posix_spawn, not
/// fork: the test process has many threads.
struct ChildProcess {
    var status: Int32
    var output: String

    static func run(_ arguments: [String], outputFile: String) throws -> ChildProcess {
        guard let program = arguments.first else { throw TreeError("no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputFile, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for argument in argv { free(argument) } }

        var child: pid_t = 0
        let spawned = posix_spawnp(&child, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw TreeError("cannot start \(program): errno \(spawned)") }
        var status: Int32 = 0
        while waitpid(child, &status, 0) < 0 {
            guard errno == EINTR else { throw TreeError("waitpid \(program): errno \(errno)") }
        }
        let output = Self.read(outputFile)
        // WIFEXITED / WEXITSTATUS are macros Swift does not import.
        let exited = status & 0x7f == 0
        return ChildProcess(status: exited ? (status >> 8) & 0xff : -1, output: output)
    }

    private static func read(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "" }
        defer { close(descriptor) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let length = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if length <= 0 { break }
            text.append(contentsOf: chunk[..<length])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
#endif
