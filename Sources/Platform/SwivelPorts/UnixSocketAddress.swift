#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A filesystem path as a sockaddr_un.
struct UnixSocketAddress {
    private var storage = sockaddr_un()

    /// The longest path sun_path holds with its NUL: 107 bytes on Linux, 103 on Darwin.
    static var maximumPathBytes: Int { MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1 }

    /// Checks the path fits; the error names the limit, since the daemon's socket
    /// path comes from configuration.
    init(path: String, failureKind: PortError.Kind) throws(PortError) {
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else {
            throw PortError(kind: failureKind, path: path, detail: "the socket path is empty")
        }
        guard bytes.count <= Self.maximumPathBytes else {
            throw PortError(
                kind: failureKind, path: path, errno: ENAMETOOLONG,
                detail: "the socket path is \(bytes.count) bytes; the limit is \(Self.maximumPathBytes)")
        }
        guard !bytes.contains(0) else {
            throw PortError(kind: failureKind, path: path, detail: "the socket path contains a NUL byte")
        }
        storage.sun_family = sa_family_t(AF_UNIX)
        #if canImport(Darwin)
        storage.sun_len = UInt8(MemoryLayout<sockaddr_un>.size)
        #endif
        withUnsafeMutableBytes(of: &storage.sun_path) { pathBytes in
            pathBytes.copyBytes(from: bytes)
        }
    }

    func withSocketAddress<Result, Failure: Error>(
        _ body: (UnsafePointer<sockaddr>, socklen_t) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafePointer(to: storage) { (address) throws(Failure) in
            try address.withMemoryRebound(to: sockaddr.self, capacity: 1) { (socketAddress) throws(Failure) in
                try body(socketAddress, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
