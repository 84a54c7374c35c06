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

/// The folder tree is the layer map (README, "How it is laid out"): a module
/// imports only modules of its own layer or of the layers it builds on, so a
/// reader who knows the folders knows what a module may depend on.
@Suite struct LayerBoundaryTests {
    static let sources: String = {
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return (components.dropLast(3) + ["Sources"]).joined(separator: "/")
    }()

    /// What each layer builds on besides itself. Core's board loader reads its
    /// file through Platform; the backends' assemblies fill Runtime's
    /// StandHardware; the host libraries never see the stand's runtime.
    static let buildsOn: [String: Set<String>] = [
        "Core": ["Platform"],
        "Platform": [],
        "Hardware": ["Core", "Platform"],
        "Runtime": ["Core", "Platform", "Hardware"],
        "Backends": ["Core", "Platform", "Hardware", "Runtime"],
        "Host": ["Core", "Platform"],
    ]

    /// Every module folder, by name, with its layer (the first folder under Sources/).
    static func layers() throws -> [String: (layer: String, path: String)] {
        var found: [String: (String, String)] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: sources) {
            let parts = path.split(separator: "/").map(String.init)
            guard let name = parts.last, parts.count >= 2, parts.count <= 3,
                  name.hasPrefix("Swivel") || name.hasPrefix("swivel") || name.hasPrefix("CSwivel") || name == "CGPIOD",
                  !name.contains(".") else { continue }
            found[name] = (parts[0], sources + "/" + path)
        }
        return found
    }

    @Test func everyModuleImportsOnlyItsLayerAndTheLayersItBuildsOn() throws {
        let layers = try Self.layers()
        #expect(layers["SwivelStand"]?.layer == "Runtime" && layers["SwivelVocabulary"]?.layer == "Core",
                "the layer folders under \(Self.sources) were not found")
        let modifiers: Set<Substring> = ["@_exported", "public", "package", "internal", "fileprivate", "private"]
        for (module, place) in layers.sorted(by: { $0.key < $1.key }) {
            guard let allowed = Self.buildsOn[place.layer] else { continue }  // Tools may use anything
            for file in try FileManager.default.subpathsOfDirectory(atPath: place.path).sorted() where file.hasSuffix(".swift") {
                for line in try String(contentsOfFile: place.path + "/" + file, encoding: .utf8).split(separator: "\n") {
                    let words = line.split(separator: " ").drop(while: modifiers.contains)
                    guard words.first == "import", let name = words.dropFirst().first,
                          let imported = layers[String(name)] else { continue }
                    #expect(imported.layer == place.layer || allowed.contains(imported.layer),
                            "\(place.layer)/\(module)/\(file) imports \(name) from \(imported.layer)")
                }
            }
        }
    }
}

