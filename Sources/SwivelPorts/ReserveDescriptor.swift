#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One descriptor (on /dev/null) held in reserve, to be given up for a moment
/// when the process has no other left: the classic way for a server at its
/// descriptor limit to accept a waiting client only to tell it no.
final class ReserveDescriptor {
    private var descriptor: Int32

    init() {
        descriptor = posixOpen("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    deinit {
        close()
    }

    /// Frees the descriptor for someone else's use; false when none was held.
    func release() -> Bool {
        guard descriptor >= 0 else { return false }
        posixClose(descriptor)
        descriptor = -1
        return true
    }

    /// Takes a descriptor back, if one is free again.
    func restore() {
        guard descriptor < 0 else { return }
        descriptor = posixOpen("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    func close() {
        _ = release()
    }
}
