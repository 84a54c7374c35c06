#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What lstat says sits at `path`, in the test's own words.
enum PathKind: Equatable { case missing, symlink, socket, regularFile, directory, other }

func pathKind(_ path: String) -> PathKind {
    var status = stat()
    guard lstat(path, &status) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFLNK: return .symlink
    case S_IFSOCK: return .socket
    case S_IFREG: return .regularFile
    case S_IFDIR: return .directory
    default: return .other
    }
}

func symlinkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4_096)
    let length = readlink(path, &buffer, 4_095)
    guard length >= 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
