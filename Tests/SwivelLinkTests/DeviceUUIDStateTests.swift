#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelTestSupport
import Testing

/// The UUID kept in the state directory: made once, read after, never replaced.
@Suite struct DeviceUUIDStateTests {
    static func temporaryDirectory() throws -> String {
        let path = "/tmp/swivel-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try #require(mkdir(path, 0o755) == 0)
        return path
    }

    static func removeTree(_ directory: String) {
        _ = unlink(directory + "/device-uuid")
        _ = rmdir(directory + "/.device-uuid.tmp")
        _ = rmdir(directory)
    }

    static let machineID = "/nonexistent/machine-id"

    @Test func theFirstRunCreatesTheFileAndTheNextReadsTheSameUUID() throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        let path = directory + "/device-uuid"

        let first = try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: Self.machineID)
        #expect(first.source == .createdStateFile(path: path))
        #expect(first.isStable && first.fallbackReason == nil)
        #expect(first.uuid.bytes[6] >> 4 == 4, "a random version-4 UUID")
        #expect(readText(path) == "\(first.uuid)\n")

        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o644)

        // A restart, and a different board name: the stand keeps its identity.
        let second = try DeviceIdentity.resolveUUID(boardName: "B", stateDirectory: directory, machineIDPath: Self.machineID)
        #expect(second.source == .stateFile(path: path))
        #expect(second.uuid == first.uuid)
        // No temporary file is left beside it.
        #expect(access(directory + "/.device-uuid.tmp", F_OK) != 0)
    }

    @Test func aFileWrittenByHandInLowerCaseIsRead() throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        try writeText("  0123abcd-4567-89ef-0123-456789abcdef\n", to: directory + "/device-uuid")
        let resolved = try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: Self.machineID)
        #expect(resolved.uuid.description == "0123ABCD-4567-89EF-0123-456789ABCDEF")
    }

    @Test(arguments: ["", "not a uuid\n", "0123abcd-4567-89ef-0123-456789abcdeg\n", "0123abcd456789ef0123456789abcdef\n"])
    func aCorruptFileIsATypedErrorAndIsLeftAlone(contents: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        let path = directory + "/device-uuid"
        try writeText(contents, to: path)
        let error = #expect(throws: DeviceIdentityError.self) {
            try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: Self.machineID)
        }
        #expect(error?.path == path)
        #expect(error?.reason.contains("does not hold a UUID") == true)
        #expect(error?.reason.contains("delete the file") == true)
        #expect(readText(path) == contents, "never overwritten")
    }

    @Test func aMissingStateDirectoryFallsBackToTheMachineID() throws {
        let machineID = "/tmp/swivel-machine-id-state-\(getpid())"
        try writeText("0123456789abcdef0123456789abcdef\n", to: machineID)
        defer { unlink(machineID) }
        let resolved = try DeviceIdentity.resolveUUID(
            boardName: "A", stateDirectory: "/nonexistent/swivel-state", machineIDPath: machineID)
        #expect(resolved.source == .machineID)
        #expect(resolved.uuid == DeviceIdentity.uuid(boardName: "A", machineIDPath: machineID).uuid)
        #expect(resolved.fallbackReason == "the state directory /nonexistent/swivel-state does not exist")
    }

    /// Issue 24: an unwritable state directory fell back to the machine-id
    /// UUID, and the next start wrote a random one: two identities for one
    /// stand. The file made later holds the UUID announced meanwhile.
    @Test func aStateDirectoryThatCannotBeWrittenFallsBackToTheUUIDTheFileWillHold() throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        let machineID = "/tmp/swivel-machine-id-unwritable-\(getpid())"
        try writeText("0123456789abcdef0123456789abcdef\n", to: machineID)
        defer { unlink(machineID) }
        // A directory where the temporary file must go fails the write even for root.
        #expect(mkdir(directory + "/.device-uuid.tmp", 0o755) == 0)
        let blocked = try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: machineID)
        #expect(blocked.source == .machineID && blocked.isStable)
        #expect(blocked.fallbackReason?.contains("cannot create") == true)
        #expect(access(directory + "/device-uuid", F_OK) != 0)

        #expect(rmdir(directory + "/.device-uuid.tmp") == 0)
        let kept = try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: machineID)
        #expect(kept.source == .createdStateFile(path: directory + "/device-uuid"))
        #expect(kept.uuid == blocked.uuid)
    }

    /// Without a machine-id, the fallback could only be random per start:
    /// with a state directory given, that is an error, not a new identity.
    @Test func anUnwritableStateDirectoryWithoutAMachineIDIsAnError() throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        #expect(mkdir(directory + "/.device-uuid.tmp", 0o755) == 0)
        let error = #expect(throws: DeviceIdentityError.self) {
            try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: Self.machineID)
        }
        #expect(error?.reason.contains("make the state directory writable") == true)
        #expect(access(directory + "/device-uuid", F_OK) != 0)
    }

    @Test func theAllZeroUUIDIsRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        try writeText("00000000-0000-0000-0000-000000000000\n", to: directory + "/device-uuid")
        let error = #expect(throws: DeviceIdentityError.self) {
            try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: directory, machineIDPath: Self.machineID)
        }
        #expect(error?.reason.contains("all-zero UUID") == true)
    }

    @Test func aSecondLockOnOneStateDirectoryIsRefused() throws {
        let directory = try Self.temporaryDirectory()
        defer { Self.removeTree(directory) }
        let first = try StateDirectoryLock.acquire(directory)
        #expect(first != nil)
        let error = #expect(throws: DeviceIdentityError.self) { try StateDirectoryLock.acquire(directory) }
        #expect(error?.reason.contains("another swiveld is using this state directory") == true)
        withExtendedLifetime(first) {}
        #expect(try StateDirectoryLock.acquire("/nonexistent/swivel-state") == nil)
    }

    @Test func withoutAStateDirectoryTodaysMachineIDUUIDIsKept() throws {
        let machineID = "/tmp/swivel-machine-id-none-\(getpid())"
        try writeText("0123456789abcdef0123456789abcdef\n", to: machineID)
        defer { unlink(machineID) }
        let resolved = try DeviceIdentity.resolveUUID(boardName: "A", stateDirectory: nil, machineIDPath: machineID)
        #expect(resolved.source == .machineID && resolved.fallbackReason == nil)
        #expect(resolved.uuid == DeviceIdentity.uuid(boardName: "A", machineIDPath: machineID).uuid)
    }
}
