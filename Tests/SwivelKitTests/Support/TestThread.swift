#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

struct TestSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A real OS thread for the stand's side. Tests run on Swift's small
/// cooperative pool; a task looping there would starve the test it serves.
final class TestThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    #if canImport(Glibc)
    private var thread = pthread_t()
    #else
    private var thread: pthread_t?
    #endif
    private var joined = false

    init(_ run: @escaping @Sendable () -> Void) throws {
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            #if canImport(Glibc)
            guard let context else { return nil }
            #endif
            let body = Unmanaged<Body>.fromOpaque(context).takeRetainedValue()
            body.run()
            return nil
        }, body)
        guard created == 0 else {
            Unmanaged<Body>.fromOpaque(body).release()
            throw TestSetupError("pthread_create: errno \(created)")
        }
    }

    func join() {
        guard !joined else { return }
        joined = true
        #if canImport(Glibc)
        pthread_join(thread, nil)
        #else
        if let thread { pthread_join(thread, nil) }
        #endif
    }

    deinit { join() }
}

/// A fresh directory under /tmp for a socket path (which must stay short),
/// removed with its contents by `remove()`.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/swkit-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestSetupError("mkdtemp: errno \(errno)") }
        path = String(cString: made)
    }

    deinit { remove() }

    func file(_ name: String) -> String { "\(path)/\(name)" }

    /// Only sockets and files live here: no recursion needed.
    func remove() {
        guard let directory = opendir(path) else { return }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        closedir(directory)
        for name in names { unlink("\(path)/\(name)") }
        rmdir(path)
    }
}
