package import SwivelBoard
import SwivelRuntime

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

    /// The simulated board with a home switch on yaw: the homing tests' stand,
    /// and the link's and the first motion's when they need one that homes.
    package static func homing(_ homing: String = #"switchLine: 21, direction: "negative", switchPositionRad: -2.9, speedRadPerSec: 0.5"#) throws -> Board {
        let text = try TextFile.read(boardsDirectory + "/sim.json5")
        // The first fault-detection comment is yaw's: homing goes in front of it.
        let marker = "      // Closed loop, checked every tick"
        guard let range = text.firstRange(of: marker) else { throw FixtureError() }
        var edited = text
        edited.replaceSubrange(range, with: "      homing: { \(homing) },\n" + marker)
        return try BoardLoader.parse(edited, source: "homing fixture")
    }

    /// A shipped board with one piece of its text replaced (which must be there).
    package static func load(_ name: String, replacing original: String, with replacement: String) throws -> Board {
        let text = try TextFile.read(boardsDirectory + "/" + name)
        guard let range = text.firstRange(of: original) else { throw FixtureError() }
        var edited = text
        edited.replaceSubrange(range, with: replacement)
        return try BoardLoader.parse(edited, source: "\(name), \(original) → \(replacement)")
    }

    package struct FixtureError: Error {}
}
