#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// One descriptor (on /dev/null) held in reserve, to be given up for a moment
/// when the process has no other left: the classic way for a server at its
/// descriptor limit to accept a waiting client only to tell it no.
final class ReserveDescriptor {
    private var descriptor: FileDescriptor?

    init() {
        descriptor = try? FileDescriptor.open("/dev/null", .readOnly)
    }

    deinit {
        close()
    }

    /// Frees the descriptor for someone else's use; false when none was held.
    func release() -> Bool {
        guard let descriptor else { return false }
        try? descriptor.close()
        self.descriptor = nil
        return true
    }

    /// Takes a descriptor back, if one is free again.
    func restore() {
        guard descriptor == nil else { return }
        descriptor = try? FileDescriptor.open("/dev/null", .readOnly)
    }

    func close() {
        _ = release()
    }
}
