import SwivelPOSIX
import SwivelTestSupport
import Testing

@Suite struct SmallFileTests {
    @Test func readsAWholeFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.writeFile("board.json5", "{ name: 'x' }\n")
        let file = try SmallFile.read(path)
        #expect(file.text == "{ name: 'x' }\n")
        #expect(!file.isTruncated)
    }

    @Test func aFileExactlyAtTheLimitIsWholeAndOneByteMoreIsTruncated() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let exact = try directory.writeFile("exact", "12345")
        let longer = try directory.writeFile("longer", "123456")
        #expect(try SmallFile.read(exact, maximumBytes: 5).isTruncated == false)
        let truncated = try SmallFile.read(longer, maximumBytes: 5)
        #expect(truncated.isTruncated)
        #expect(truncated.text == "12345")
    }

    @Test func readsPastOneChunk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = String(repeating: "0123456789abcdef", count: 10_000)  // 160 KB, several reads
        let path = try directory.writeFile("big", text)
        #expect(try SmallFile.read(path, maximumBytes: .max).text == text)
    }

    @Test func aMissingFileThrowsItsErrno() throws {
        #expect(throws: Errno.noSuchFile) { try SmallFile.read("/nonexistent/swivel/file") }
    }

    #if os(Linux)
    @Test func readsProcFilesWhoseSizeIsZero() throws {
        // /proc reports size 0: only reading to the end finds the text.
        #expect(try SmallFile.read("/proc/self/status").text.contains("VmRSS:"))
    }
    #endif
}
