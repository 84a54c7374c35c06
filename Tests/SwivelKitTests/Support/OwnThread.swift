#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport

/// Runs `body` on a thread of its own and awaits it without blocking.
///
/// Every test of the process, in every target, shares Swift's cooperative
/// pool: as many threads as cores, two on a small CI machine. A test that
/// blocks there (waiting for a subprocess, sleeping) holds one of them for
/// seconds, and an async test beside it that only needs a moment to run its
/// next step waits; two such tests stop every other test of the run.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        do {
            try TestThread.detached { continuation.resume(with: Result { try body() }) }
        } catch {
            continuation.resume(throwing: error)
        }
    }
}

/// A subprocess's outcome, Sendable so it can come back from its own thread.
struct ProcessOutcome: Sendable {
    var status: Int32
    var standardOutput: String
    var standardError: String

    init(_ result: Subprocess.Result) {
        status = result.status
        standardOutput = result.standardOutput
        standardError = result.standardError
    }
}

/// `Subprocess.run`, awaited on a thread of its own.
func runOffThePool(
    _ path: String, _ arguments: [String], environment: [String: String] = [:], input: String = ""
) async throws -> ProcessOutcome {
    try await onOwnThread {
        ProcessOutcome(try Subprocess.run(path, arguments, environment: environment, input: input))
    }
}
