#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
import SwivelTestSupport
import Testing

@Suite struct FileDescriptorTests {
    @Test func openingAMissingFileThrowsENOENT() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: Errno.noSuchFile) {
            try FileDescriptor.open(directory.file("missing"), .readOnly)
        }
        do {
            _ = try FileDescriptor.open(directory.file("missing"), .readOnly)
        } catch {
            #expect(error.code == ENOENT)
            #expect(error.name == "ENOENT")
            #expect(error.description == "No such file or directory (ENOENT)")
        }
    }

    @Test func whatIsWrittenReadsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("round-trip")
        let out = try FileDescriptor.open(path, .writeOnly, options: [.create, .truncate], permissions: 0o600)
        var text = "hello, descriptor\n"
        try out.closeAfter {
            try text.withUTF8 { bytes in try out.writeAll(UnsafeRawBufferPointer(bytes)) }
        }
        let back = try FileDescriptor.open(path, .readOnly)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = try back.closeAfter {
            try buffer.withUnsafeMutableBytes { raw in try back.read(into: raw) }
        }
        #expect(String(decoding: buffer[..<count], as: UTF8.self) == text)
    }

    @Test func everyDescriptorOpensCloseOnExec() throws {
        let descriptor = try FileDescriptor.open("/dev/null", .readOnly)
        defer { try? descriptor.close() }
        #expect(fcntl(descriptor.rawValue, F_GETFD) & FD_CLOEXEC != 0)
    }

    @Test func closingTwiceIsEBADF() throws {
        let descriptor = try FileDescriptor.open("/dev/null", .readOnly)
        try descriptor.close()
        #expect(throws: Errno.badDescriptor) { try descriptor.close() }
    }

    @Test func unknownCodesAreNamedByNumber() {
        #expect(Errno(4_000).name == "errno 4000")
        #expect(Errno(EACCES).isPermissionDenied)
    }
}
