import FoundationEssentials
import Testing

/// Issue 28's layers: the stand imports no backend, and each backend is one
/// module that builds a stand's hardware from a board. An import the package
/// does not declare still compiles when the module happens to be built (SwiftPM
/// does not check), so the rule is checked where it is written: the import
/// lines of SwivelStand and SwivelAccessories.
@Suite struct BackendBoundaryTests {
    static let runtime: String = {
        // #filePath is …/Tests/SwivelStandTests/BackendBoundaryTests.swift.
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return (components.dropLast(3) + ["Sources", "Runtime"]).joined(separator: "/")
    }()

    /// The backends' modules and what only a backend may open (the Linux
    /// devices, the simulated model, serial ports and ptys).
    static let backendModules: Set<String> = [
        "SwivelLinux", "SwivelLinuxBackend", "CSwivelGPIO", "CGPIOD", "SwivelSim", "SwivelSimBackend", "SwivelPorts",
    ]

    /// Every module `module`'s sources import, with the file that first does.
    static func importedModules(of module: String) throws -> [String: String] {
        let directory = runtime + "/" + module
        var modules: [String: String] = [:]
        let modifiers: Set<Substring> = ["@_exported", "@testable", "public", "package", "internal", "fileprivate", "private"]
        for file in try FileManager.default.subpathsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".swift") {
            for line in try String(contentsOfFile: directory + "/" + file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").drop(while: modifiers.contains)
                guard words.first == "import", let name = words.dropFirst().first else { continue }
                let module = String(name.split(separator: ".").first ?? name)
                if modules[module] == nil { modules[module] = file }
            }
        }
        return modules
    }

    @Test(arguments: ["SwivelStand", "SwivelAccessories"])
    func importsNoBackend(_ module: String) throws {
        let modules = try Self.importedModules(of: module)
        #expect(modules["SwivelHardware"] != nil, "\(module) builds on SwivelHardware; no import of it found under \(Self.runtime)/\(module)")
        for (imported, file) in modules where Self.backendModules.contains(imported) {
            Issue.record("\(module)/\(file) imports \(imported): a backend's part belongs in its backend module")
        }
    }
}
