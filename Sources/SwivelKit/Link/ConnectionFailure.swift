#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts

extension SwivelKitError {
    /// Why the endpoint could not be opened, in words that say what to check.
    static func connectionFailure(_ error: PortError, endpoint: SwivelEndpoint) -> SwivelKitError {
        switch endpoint {
        case .socket(let path):
            if error.kind == .connect, let code = error.errno, code == ENOENT || code == ECONNREFUSED {
                let hint = path.hasPrefix("/run/") ? "is the swiveld service running?" : "is `make run` running?"
                return .transport("no swiveld listening at \(path): \(hint)")
            }
            return .transport("cannot connect to swiveld at \(path): \(error)")
        case .serial:
            return .transport("cannot open the stand's serial line: \(error)")
        }
    }
}
