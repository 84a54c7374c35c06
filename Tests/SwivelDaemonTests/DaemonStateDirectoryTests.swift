#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SwivelTestSupport
import Testing

/// Issue 24, section 4: the stand's UUID never changes silently, and one
/// state directory is one stand, run by one daemon.
@Suite(.serialized) struct DaemonStateDirectoryTests {
    static func freshDirectory(_ tag: String) -> String {
        let path = "/tmp/swivel-daemon-state-\(getpid())-\(tag)"
        removeTree(path)
        return path
    }

    static func removeTree(_ path: String) {
        unlink(path + "/device-uuid")
        rmdir(path + "/.device-uuid.tmp")
        rmdir(path)
    }

    /// The UUID the daemon announces, from its --verbose identity line.
    static func announcedUUID(_ standardError: String) -> String? {
        guard let range = standardError.range(of: ", uuid ") else { return nil }
        return String(standardError[range.upperBound...].prefix(36))
    }

    static func run(tag: String, stateDirectory: String) throws -> Subprocess.Result {
        let process = try Subprocess.launch(
            DaemonTests.swiveld,
            DaemonTests.isolated(["--board", DaemonTests.simBoard, "--state-dir", stateDirectory, "--duration", "0.3", "--verbose"], tag: tag))
        guard let result = process.wait(timeoutSeconds: 30 * Sanitizers.slowdown) else {
            process.signal(SIGKILL)
            _ = process.wait()
            throw DocumentedFailure("swiveld still ran 30 s after --duration 0.3")
        }
        return result
    }

    /// With the state directory missing at one start the daemon announced the
    /// machine-id UUID, and at the next (the directory there) a new random
    /// one. Now the file it makes holds the very UUID it announced, and the
    /// start that could not keep it says so as an error.
    @Test func aStartThatCouldNotKeepTheUUIDAnnouncedTheOneTheNextKeeps() throws {
        let directory = Self.freshDirectory("missing")
        defer { Self.removeTree(directory) }
        let first = try Self.run(tag: "missing1", stateDirectory: directory)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardError.contains("swiveld: error: cannot keep the stand's UUID"), "\(first.standardError)")
        let announced = try #require(Self.announcedUUID(first.standardError))

        // Unwritable (even for root: a directory where the temporary file goes): the same UUID, said loudly.
        #expect(mkdir(directory, 0o755) == 0)
        #expect(mkdir(directory + "/.device-uuid.tmp", 0o755) == 0)
        let second = try Self.run(tag: "missing2", stateDirectory: directory)
        #expect(second.standardError.contains("swiveld: error: cannot keep the stand's UUID"), "\(second.standardError)")
        #expect(Self.announcedUUID(second.standardError) == announced)

        rmdir(directory + "/.device-uuid.tmp")
        let third = try Self.run(tag: "missing3", stateDirectory: directory)
        #expect(third.status == 0, "\(third.standardError)")
        #expect(Self.announcedUUID(third.standardError) == announced, "the identity a host already knows")
        #expect(readText(directory + "/device-uuid") == announced + "\n")
    }

    @Test func theAllZeroUUIDIsRefused() throws {
        let directory = Self.freshDirectory("zero")
        defer { Self.removeTree(directory) }
        #expect(mkdir(directory, 0o755) == 0)
        try writeText("00000000-0000-0000-0000-000000000000\n", to: directory + "/device-uuid")
        let result = try Self.run(tag: "zero", stateDirectory: directory)
        #expect(result.status == 78, "\(result.standardError)")
        #expect(result.standardError.contains("the all-zero UUID"), "\(result.standardError)")
        #expect(readText(directory + "/device-uuid") == "00000000-0000-0000-0000-000000000000\n", "left alone")
    }

    /// Two daemons started together on one empty state directory both made
    /// an identity (12 of 20 trials). Now the second is refused.
    @Test func aSecondDaemonOnTheSameStateDirectoryIsRefused() throws {
        let directory = Self.freshDirectory("race")
        defer { Self.removeTree(directory) }
        #expect(mkdir(directory, 0o755) == 0)
        let arguments = ["--board", DaemonTests.simBoard, "--state-dir", directory, "--duration", "2", "--verbose"]
        let one = try Subprocess.launch(DaemonTests.swiveld, DaemonTests.isolated(arguments, tag: "race1"))
        let two = try Subprocess.launch(DaemonTests.swiveld, DaemonTests.isolated(arguments, tag: "race2"))
        let results = [one, two].compactMap { process -> Subprocess.Result? in
            guard let result = process.wait(timeoutSeconds: 30 * Sanitizers.slowdown) else {
                process.signal(SIGKILL)
                _ = process.wait()
                return nil
            }
            return result
        }
        try #require(results.count == 2, "a daemon hung")
        let refused = results.filter { $0.status == 78 }
        let ran = results.filter { $0.status == 0 }
        #expect(refused.count == 1 && ran.count == 1, "\(results.map(\.status)): \(results.map(\.standardError))")
        #expect(refused.first?.standardError.contains("another swiveld is using this state directory") == true)
        let kept = readText(directory + "/device-uuid")
        #expect(ran.first.flatMap { Self.announcedUUID($0.standardError) }.map { $0 + "\n" } == kept)
    }
}
