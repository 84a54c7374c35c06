#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// An exclusive flock(2) on `<path>.lock`, held while a daemon owns `path`
/// (the pty's symlink): how a second daemon tells a live owner from a stale
/// symlink left by a crash, which a symlink alone cannot say (its pts number
/// may belong to another program by now). The kernel drops the lock when its
/// holder dies, however it dies, so a crash never leaves the path guarded.
///
/// The lock file holds the owner's pid, for the refusal message. It is removed
/// on release; a contender that locked the file just before it was removed
/// sees that the path no longer names what it locked, and starts again.
final class PathLock {
    let lockPath: String
    /// -1 once released.
    private var descriptor: FileDescriptor
    private let lockedFile: FileStatus

    private init(lockPath: String, descriptor: FileDescriptor, lockedFile: FileStatus) {
        self.lockPath = lockPath
        self.descriptor = descriptor
        self.lockedFile = lockedFile
    }

    deinit {
        release()
    }

    /// Locks `<path>.lock`, creating it if needed.
    /// - Throws: `.open` with EADDRINUSE and the holder's pid when another
    ///   process holds it; `.open` with the errno when it cannot be made.
    static func acquire(guarding path: String) throws(PortError) -> PathLock {
        let lockPath = path + ".lock"
        func failure(_ code: Int32, _ detail: String) -> PortError {
            PortError(kind: .open, path: path, errno: code, detail: detail)
        }
        // A few rounds at most: each one lost means a holder released it meanwhile.
        for _ in 0..<8 {
            // O_NOFOLLOW: in a shared directory such as /tmp, a symlink planted at
            // the lock's path must not make the daemon create or truncate its target.
            let descriptor: FileDescriptor
            do throws(Errno) {
                descriptor = try FileDescriptor.open(lockPath, .readWrite, options: [.create, .noFollow], permissions: 0o644)
            } catch {
                throw failure(error.code, "cannot open its lock file \(lockPath)")
            }
            guard flock(descriptor.rawValue, LOCK_EX | LOCK_NB) == 0 else {
                let failed = Errno.current
                let holder = readPID(descriptor)
                try? descriptor.close()
                guard failed.isWouldBlock else { throw failure(failed.code, "cannot lock \(lockPath)") }
                let who = holder.map { "another swiveld (pid \($0))" } ?? "another swiveld"
                throw failure(EADDRINUSE, "already in use by \(who), which holds \(lockPath)")
            }
            guard let locked = FileStatus(descriptor: descriptor), let named = FileStatus(path: lockPath),
                locked.isSameFile(as: named)
            else {
                // Released and removed between our open and our lock: try the new file.
                try? descriptor.close()
                continue
            }
            writePID(descriptor)
            return PathLock(lockPath: lockPath, descriptor: descriptor, lockedFile: locked)
        }
        throw failure(EAGAIN, "its lock file \(lockPath) keeps changing hands")
    }

    /// Removes the lock file (if it is still this lock's) and unlocks. Safe to call more than once.
    func release() {
        guard descriptor.rawValue >= 0 else { return }
        if let named = FileStatus(path: lockPath), named.isSameFile(as: lockedFile) { unlink(lockPath) }
        try? descriptor.close()
        descriptor = FileDescriptor(rawValue: -1)
    }

    private static func writePID(_ descriptor: FileDescriptor) {
        let text = Array("\(getpid())\n".utf8)
        guard ftruncate(descriptor.rawValue, 0) == 0 else { return }
        _ = text.withUnsafeBytes { try? descriptor.write($0, atOffset: 0) }
    }

    private static func readPID(_ descriptor: FileDescriptor) -> Int32? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = bytes.withUnsafeMutableBytes { try? descriptor.read(into: $0, atOffset: 0) }
        guard let count, count > 0 else { return nil }
        return Int32(String(decoding: bytes[0..<count], as: UTF8.self).prefix { $0 != "\n" })
    }
}
