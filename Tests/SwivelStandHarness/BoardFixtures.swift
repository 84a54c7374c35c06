package import SwivelBoard

/// The shipped boards, loaded the way the daemon loads them.
package enum BoardFixtures {
    package static let boardsDirectory: String = {
        // Tests/SwivelStandHarness/BoardFixtures.swift → the package root.
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/boards"
    }()

    package static func load(_ name: String) throws -> Board {
        try BoardLoader.load(contentsOf: boardsDirectory + "/" + name)
    }
}
