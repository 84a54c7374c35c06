#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import SwivelKit
import SwivelPorts
import SwivelTestSupport
import Testing

/// What a failed connection to swiveld's socket says: each cause its own
/// message, made from a real connect(2) where the cause can be made here.
@Suite struct ConnectionFailureTests {
    static let start = "is `make run` running? (or swiveld --board boards/sim.json5)"

    func failure(connectingTo path: String) -> String? {
        do throws(PortError) {
            let channel = try UnixSocket.connect(path: path)
            channel.close()
            return nil
        } catch {
            return SwivelKitError.connectionFailure(error, endpoint: .socket(path: path)).reason
        }
    }

    @Test func aMissingSocketSaysNoSwiveldStartedThere() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("none.sock")
        #expect(failure(connectingTo: path) == "no socket at \(path): no swiveld has started there; \(Self.start)")
    }

    @Test func aStaleSocketSaysNobodyListens() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("stale.sock")
        // A socket file bound and closed without unlinking: what a killed daemon leaves.
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() where index < bytes.count - 1 { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(descriptor)
        try #require(bound == 0)
        #expect(failure(connectingTo: path)
            == "\(path) is a stale socket: no swiveld is listening on it (one exited without removing it); \(Self.start)")
    }

    @Test func aPathThatIsNotASocketSaysWhatItIs() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let file = open(path, O_CREAT | O_WRONLY, 0o600)
        try #require(file >= 0)
        close(file)
        #expect(failure(connectingTo: path)
            == "\(path) is a regular file, not a socket: point --socket or $SWIVEL_SOCKET at the socket swiveld prints when it starts")
        #expect(failure(connectingTo: directory.path)?.hasPrefix("\(directory.path) is a directory, not a socket") == true)
    }

    /// Root passes every permission check, so EACCES is given with what stat found.
    @Test func permissionDeniedNamesTheGroupAndHowToJoinIt() {
        let found = SocketPath(kind: .socket, permissions: 0o660, groupName: "swivel")
        #expect(SwivelKitError.socketFailure(path: "/run/swivel/swivel.sock", errno: EACCES, found: found)
            == "permission denied connecting to swiveld at /run/swivel/swivel.sock (mode 0660, group swivel): join the group with `sudo usermod -aG swivel $USER`, then log in again")
        // stat itself refused (the directory cannot be searched): no group to name.
        #expect(SwivelKitError.socketFailure(path: "/run/swivel/swivel.sock", errno: EACCES, found: SocketPath(kind: .missing))?
            .hasSuffix("may the user search the socket's directory, and is it in the socket's group?") == true)
        // The installed socket's hint is the service, not `make run`.
        #expect(SwivelKitError.socketFailure(path: "/run/swivel/swivel.sock", errno: ENOENT, found: SocketPath(kind: .missing))?
            .hasSuffix("is the swiveld service running? (systemctl status swiveld)") == true)
    }

    @Test func inspectingAPathReadsItsGroupsName() throws {
        let directory = try TemporaryDirectory()
        let found = SocketPath(inspecting: directory.path)
        #expect(found.kind == .other("a directory"))
        var status = stat()
        try #require(stat(directory.path, &status) == 0)
        let group = try #require(getgrgid(status.st_gid))
        #expect(found.groupName == String(cString: group.pointee.gr_name))
    }
}
