import FoundationEssentials
import Testing

/// Issue 28's "the house shows its layers": SwivelDockKit is the DockKit-shaped
/// API and SwivelKit the session client it is built on, so DockKit's type
/// names live in SwivelDockKit alone and each value is converted once, at its
/// edge. Two libraries that both declare `DockAccessory`, `MotionState`,
/// `Limits`, ... with converters between them are the layering this forbids;
/// it is checked where it is written, the declarations of the two modules.
@Suite struct HostLayerNamesTests {
    static let sources: String = {
        // #filePath is …/Tests/SwivelKitTests/HostLayerNamesTests.swift.
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return (components.dropLast(3) + ["Sources", "Host"]).joined(separator: "/")
    }()

    /// The type names a module declares public, nested ones included.
    static func publicTypeNames(of module: String) throws -> Set<String> {
        let directory = sources + "/" + module
        let kinds: Set<Substring> = ["struct", "class", "enum", "actor", "protocol", "typealias"]
        var names: Set<String> = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory) where file.hasSuffix(".swift") {
            for line in try String(contentsOfFile: directory + "/" + file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "(" || $0 == "{" })
                guard words.first == "public", let kind = words.dropFirst().firstIndex(where: kinds.contains),
                    kind + 1 < words.endIndex
                else { continue }
                names.insert(String(words[kind + 1]))
            }
        }
        return names
    }

    @Test func dockKitsNamesAreDeclaredInSwivelDockKitAlone() throws {
        let dockKit = try Self.publicTypeNames(of: "SwivelDockKit")
        let swivelKit = try Self.publicTypeNames(of: "SwivelKit")
        #expect(dockKit.isSuperset(of: ["DockAccessoryManager", "DockAccessory", "MotionState", "Limits"]), "\(dockKit.sorted())")
        #expect(swivelKit.isSuperset(of: ["StandConnection", "StandSession", "SwivelKitError"]), "\(swivelKit.sorted())")
        // Generic words nested in unrelated types (MoveProgress.State and
        // DockAccessory.State, SwivelKitError.Code and SwivelStandError.Code,
        // StandSession.Identity.Category and DockAccessory.Category) are no copies.
        let shared = dockKit.intersection(swivelKit).subtracting(["State", "Code", "Category"])
        #expect(shared.isEmpty, "declared in both SwivelKit and SwivelDockKit: \(shared.sorted())")
    }
}
