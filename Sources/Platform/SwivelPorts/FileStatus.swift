#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

/// lstat(2) of a path: what sits there, without following a symlink, so a stale
/// symlink or socket file can be told apart from something that must not be replaced.
struct FileStatus {
    enum FileType: Equatable {
        case symlink, socket, regularFile, directory, characterDevice, other

        /// "a regular file", for refusals.
        var phrase: String {
            switch self {
            case .symlink: "a symlink"
            case .socket: "a socket"
            case .regularFile: "a regular file"
            case .directory: "a directory"
            case .characterDevice: "a character device"
            case .other: "a special file"
            }
        }
    }

    var type: FileType
    /// The permission bits, 0o660 for the daemon's socket.
    var permissions: UInt32
    var device: UInt64
    var inode: UInt64

    /// nil when nothing is there or it cannot be examined; errno says which.
    init?(path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    init?(descriptor: FileDescriptor) {
        var status = stat()
        guard fstat(descriptor.rawValue, &status) == 0 else { return nil }
        self.init(status)
    }

    private init(_ status: stat) {
        let mode = UInt32(status.st_mode)
        type = switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFLNK): .symlink
        case UInt32(S_IFSOCK): .socket
        case UInt32(S_IFREG): .regularFile
        case UInt32(S_IFDIR): .directory
        case UInt32(S_IFCHR): .characterDevice
        default: .other
        }
        permissions = mode & 0o7777
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }

    /// Whether `other` is the same file (same device and inode).
    func isSameFile(as other: FileStatus) -> Bool {
        device == other.device && inode == other.inode
    }
}

/// The directory part of a path: "/run/swivel" for "/run/swivel/swivel.sock",
/// "." for a bare name.
func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = path[..<slash]
    return parent.isEmpty ? "/" : String(parent)
}

/// Whether `path`'s parent directory exists (following symlinks, as open would).
func parentDirectoryExists(_ path: String) -> Bool {
    var status = stat()
    return stat(parentDirectory(of: path), &status) == 0 && UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFDIR)
}
