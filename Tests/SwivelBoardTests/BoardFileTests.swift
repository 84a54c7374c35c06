import FoundationEssentials
import Testing
@testable import SwivelBoard

/// Reading the file itself: OS errors and the size and encoding bounds.
@Suite struct BoardFileTests {
    /// A fresh directory per test, removed afterwards.
    final class Scratch {
        let directory: String

        init() throws {
            directory = FileManager.default.temporaryDirectory.path + "/swivel-board-tests-\(UInt64.random(in: 0...UInt64.max))"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        func write(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = directory + "/" + name
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    func loadProblems(_ path: String) -> [BoardProblem]? {
        do {
            _ = try BoardLoader.load(contentsOf: path)
            return nil
        } catch {
            #expect(error.source == path)
            return error.problems
        }
    }

    @Test func aMissingFileGivesTheOSReason() throws {
        let scratch = try Scratch()
        let problems = try #require(loadProblems(scratch.directory + "/absent.json5"))
        #expect(problems == [BoardProblem(keyPath: "", line: nil,
                                          reason: "cannot open the board file: No such file or directory")])
    }

    @Test func aDirectoryGivesTheOSReason() throws {
        let scratch = try Scratch()
        let problems = try #require(loadProblems(scratch.directory))
        #expect(problems == [BoardProblem(keyPath: "", line: nil, reason: "cannot read the board file: Is a directory")])
    }

    @Test func aFileOverOneMebibyteIsRejected() throws {
        let scratch = try Scratch()
        let path = try scratch.write("big.json5", [UInt8](repeating: 0x20, count: (1 << 20) + 1))
        #expect(loadProblems(path)?.first?.reason == "the board file is larger than 1048576 bytes (1 MiB)")
    }

    @Test func invalidUTF8IsRejected() throws {
        let scratch = try Scratch()
        let path = try scratch.write("bad.json5", Array("{ name: \"".utf8) + [0xFF, 0xFE] + Array("\" }".utf8))
        #expect(loadProblems(path) == [BoardProblem(keyPath: "", line: nil,
                                                         reason: "the board file is not valid UTF-8 text")])
    }

    @Test func aWrittenFileLoadsAndProblemsNameItsPath() throws {
        let scratch = try Scratch()
        let good = try scratch.write("good.json5", Array(BoardFixture.text.utf8))
        #expect(try BoardLoader.load(contentsOf: good).name == "Test Stand")
        let bad = try scratch.write("bad.json5", Array(try BoardFixture.with([("rateHz: 1000", "rateHz: 1")]).utf8))
        #expect(loadProblems(bad)?.map(\.keyPath) == ["loop.rateHz"])
    }
}
