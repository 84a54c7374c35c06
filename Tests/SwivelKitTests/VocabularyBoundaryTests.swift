import FoundationEssentials
import Testing

/// Issue 14's "one vocabulary": an app that imports SwivelKit gets the words
/// every module shares (Axis, Vector3, SwivelError, ...) and never the engine
/// (MotionController, Limiter, DemoScript). What a module does NOT make visible
/// cannot be tested by code that compiles, so the rule is checked where it is
/// written: the import lines of SwivelKit and of the vocabulary. (The README
/// example's test imports SwivelKit alone: that is the positive half.)
@Suite struct VocabularyBoundaryTests {
    static let sources: String = {
        // #filePath is …/Tests/SwivelKitTests/VocabularyBoundaryTests.swift.
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return (components.dropLast(3) + ["Sources"]).joined(separator: "/")
    }()

    struct ImportLine: CustomStringConvertible {
        var file: String
        var text: String
        var description: String { "\(file): \(text)" }
    }

    static func importLines(of module: String) throws -> [ImportLine] {
        let directory = sources + "/" + module
        var lines: [ImportLine] = []
        let modifiers: Set<Substring> = ["@_exported", "@testable", "public", "package", "internal", "fileprivate", "private"]
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".swift") {
            for line in try String(contentsOfFile: directory + "/" + file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                if words.drop(while: modifiers.contains).first == "import" {
                    lines.append(ImportLine(file: module + "/" + file, text: words.joined(separator: " ")))
                }
            }
        }
        return lines
    }

    @Test func swivelKitReExportsTheVocabularyAndNothingElse() throws {
        let lines = try Self.importLines(of: "Host/SwivelKit")
        #expect(lines.filter { $0.text.hasPrefix("@_exported") }.map(\.text) == ["@_exported public import SwivelVocabulary"])
    }

    /// A public import of the engine would let SwivelKit's public API name an
    /// engine type, which an app could then only use by importing the engine.
    @Test func swivelKitImportsTheEngineInternallyOnly() throws {
        let engine = try Self.importLines(of: "Host/SwivelKit").filter { $0.text.hasSuffix(" SwivelCore") }
        #expect(!engine.isEmpty, "SwivelKit runs on SwivelCore; no import of it found under \(Self.sources)")
        for line in engine {
            #expect(line.text == "import SwivelCore" || line.text == "internal import SwivelCore", "\(line)")
        }
    }

    /// Everything depends on the vocabulary, so it depends on nothing: libm's math at most.
    @Test func theVocabularyImportsNothingButMath() throws {
        let lines = try Self.importLines(of: "Core/SwivelVocabulary")
        #expect(!lines.isEmpty, "no sources found under \(Self.sources)/Core/SwivelVocabulary")
        for line in lines {
            #expect(line.text == "import Glibc" || line.text == "import Darwin", "\(line)")
        }
    }
}
