#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A symlink this process placed (for the pty's well-known path) and removes
/// again, but only while it still points where this process left it.
struct OwnedSymlink {
    let path: String
    let target: String

    /// The checks that come before taking the path's lock: a name, in a directory that exists.
    static func checkParent(of path: String) throws(PortError) {
        guard !path.isEmpty else { throw PortError(kind: .open, path: path, detail: "the pty symlink path is empty") }
        guard parentDirectoryExists(path) else {
            throw PortError(kind: .open, path: path, errno: ENOENT, detail: "parent directory \(parentDirectory(of: path)) does not exist")
        }
    }

    /// Places a symlink at `path` pointing to `target`. Replaces any symlink there:
    /// the caller holds the path's `PathLock`, so a symlink there is not a live
    /// daemon's (one left by a crashed daemon may point at a pts number another
    /// program now holds, so a live target does not mean a live owner). Refuses
    /// anything else.
    static func create(at path: String, pointingTo target: String) throws(PortError) -> OwnedSymlink {
        func failure(_ code: Int32?, _ detail: String? = nil) -> PortError {
            PortError(kind: .open, path: path, errno: code, detail: detail)
        }
        try checkParent(of: path)
        if let existing = FileStatus(path: path), existing.type != .symlink {
            throw failure(EEXIST, "refusing to replace \(existing.type.phrase) with the pty symlink")
        }
        // Made aside and renamed over, so a host never finds the path missing or
        // half made while a stale link is replaced.
        let temporary = "\(path).\(getpid()).tmp"
        unlink(temporary)
        guard symlink(target, temporary) == 0 else { throw failure(errno, "cannot create the pty symlink") }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure(code, "cannot create the pty symlink")
        }
        return OwnedSymlink(path: path, target: target)
    }

    /// Removes the symlink unless someone replaced it since.
    func remove() {
        guard readLink(path) == target else { return }
        unlink(path)
    }
}

/// The target of the symlink at `path`, nil when it is not a readable symlink.
func readLink(_ path: String) -> String? {
    let capacity = Int(PATH_MAX)
    var buffer = [CChar](repeating: 0, count: capacity)
    let length = readlink(path, &buffer, capacity)
    guard length >= 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
