#if os(Linux)
import Glibc
import SwivelPOSIX

/// The few file-system calls the backends make at setup time. Nothing here
/// is for a tick: these allocate.
enum FileSystem {
    enum Kind: Equatable {
        case directory
        case regular
        case characterDevice
        case other
    }

    /// What `path` is (following symlinks), or the errno of `stat`.
    static func kind(of path: String) -> Result<Kind, Errno> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(.current) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .success(.directory)
        case S_IFREG: return .success(.regular)
        case S_IFCHR: return .success(.characterDevice)
        default: return .success(.other)
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        if case .success(.directory) = kind(of: path) { return true }
        return false
    }

    /// The names in `directory` except "." and "..", unsorted.
    static func entries(of directory: String) throws(Errno) -> [String] {
        guard let stream = opendir(directory) else { throw .current }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The target of the symlink at `path`, as stored (possibly relative).
    static func linkTarget(_ path: String) throws(Errno) -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let length = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { storage -> Int in
                guard let base = storage.baseAddress else { return -1 }
                return readlink(path, base, storage.count)
            }
        }
        guard length >= 0 else { throw .current }
        return String(decoding: buffer[..<length], as: UTF8.self)
    }

    /// The text of a small file (a sysfs attribute), at most `maximumBytes`.
    static func readText(_ path: String, maximumBytes: Int = 4_096) throws(Errno) -> String {
        try SmallFile.read(path, maximumBytes: maximumBytes).text
    }

    /// Writes `text` in one `write(2)`, as `echo text > path` does: sysfs takes
    /// each write as one command.
    static func writeText(_ text: String, to path: String) throws(Errno) {
        let descriptor = try FileDescriptor.open(path, .writeOnly)
        try descriptor.closeAfter { () throws(Errno) in
            let bytes = Array(text.utf8)
            let written = try bytes.withUnsafeBytes { buffer in
                Result { () throws(Errno) in try descriptor.write(buffer) }
            }.get()
            guard written == bytes.count else { throw .ioError }
        }
    }

    /// "owner root:gpio, mode 0660", to tell a maker which group to join; nil
    /// when the file cannot even be stat'ed.
    static func ownership(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        let padded = String(repeating: "0", count: max(0, 4 - mode.count)) + mode
        return "owner \(userName(info.st_uid)):\(groupName(info.st_gid)), mode \(padded)"
    }

    static func userName(_ uid: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 1_024)
        // The name points into `buffer`: copy it out while the buffer is pinned.
        let name = buffer.withUnsafeMutableBufferPointer { storage -> String? in
            guard let base = storage.baseAddress, getpwuid_r(uid, &entry, base, storage.count, &result) == 0,
                result != nil, let name = entry.pw_name
            else { return nil }
            return String(cString: name)
        }
        return name ?? String(uid)
    }

    static func groupName(_ gid: gid_t) -> String {
        var entry = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 4_096)
        let name = buffer.withUnsafeMutableBufferPointer { storage -> String? in
            guard let base = storage.baseAddress, getgrgid_r(gid, &entry, base, storage.count, &result) == 0,
                result != nil, let name = entry.gr_name
            else { return nil }
            return String(cString: name)
        }
        return name ?? String(gid)
    }

    /// Entries named `prefix` followed by a number, sorted by that number
    /// (gpiochip2 before gpiochip10).
    static func numberedEntries(of directory: String, prefix: String) throws(Errno) -> [(name: String, number: Int)] {
        try entries(of: directory)
            .compactMap { name -> (name: String, number: Int)? in
                guard name.hasPrefix(prefix), let number = Int(name.dropFirst(prefix.count)), number >= 0 else { return nil }
                return (name, number)
            }
            .sorted { $0.number < $1.number }
    }
}
#endif
