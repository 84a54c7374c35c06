#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a program and captures its standard output (standard error passes
/// through to ours). posix_spawn, since FoundationEssentials has no Process.
enum Subprocess {
    struct Result {
        var exitCode: Int32?
        var signal: Int32?
        var standardOutput: String
    }

    static func run(_ path: String, arguments: [String]) throws(BenchFailure) -> Result {
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
            throw BenchFailure("cannot create a pipe for \(path): \(describeErrno(errno))")
        }
        let readEnd = pipeEnds[0]
        let writeEnd = pipeEnds[1]

        #if os(Linux)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }

        #if os(Linux)
        let environment = environ
        #else
        let environment = _NSGetEnviron().pointee
        #endif
        var pid = pid_t()
        let code = argv.withUnsafeBufferPointer { argvBuffer in
            posix_spawn(&pid, path, &actions, nil, argvBuffer.baseAddress!, environment)
        }
        close(writeEnd)
        guard code == 0 else {
            close(readEnd)
            throw BenchFailure("cannot start \(path): \(describeErrno(code))")
        }

        let output = readAll(readEnd)
        close(readEnd)

        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let terminatingSignal = status & 0x7f
        return Result(
            exitCode: terminatingSignal == 0 ? (status >> 8) & 0xff : nil,
            signal: terminatingSignal == 0 ? nil : terminatingSignal,
            standardOutput: String(decoding: output, as: UTF8.self))
    }

    private static func readAll(_ descriptor: Int32) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                output += chunk[0..<count]
            } else if count == 0 || errno != EINTR {
                return output
            }
        }
    }

    static func describeErrno(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "errno \(code)" }
        return String(cString: text)
    }
}
