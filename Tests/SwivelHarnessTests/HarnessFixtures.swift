import SwivelBoard

/// The repository's files, found from this file's path.
enum HarnessFixtures {
    static let root: String = {
        // Tests/SwivelHarnessTests/HarnessFixtures.swift → the package root.
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static var protocolDocument: String { root + "/docs/PROTOCOL.md" }

    static func board(_ name: String = "sim.json5") throws -> Board {
        try BoardLoader.load(contentsOf: root + "/boards/" + name)
    }
}
