#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// Every input `make fuzz` ever kept in fuzz/findings broke a promise on the
/// commit that added it. Replayed here through the fuzz targets' own checks
/// (the built `swivel-fuzz`, without libFuzzer), so a fixed bug stays fixed.
@Suite struct FuzzFindingsTests {
    static let swivelFuzz: String = {
        var parts = DaemonTests.swiveld.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/swivel-fuzz"
    }()

    static let findingsDirectory: String = {
        var parts = BoardFixtures.boardsDirectory.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/fuzz/findings"
    }()

    /// The files directly inside `fuzz/findings/<target>`.
    static func inputs(of target: String) -> [String] {
        guard let directory = opendir(findingsDirectory + "/" + target) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(findingsDirectory + "/" + target + "/" + name) }
        }
        return names.sorted()
    }

    @Test(arguments: ["frame", "messages", "hub"])
    func everyKeptInputNowKeepsEveryPromise(target: String) throws {
        let inputs = Self.inputs(of: target)
        if target == "hub" { #expect(inputs.count >= 4, "the hub findings of 46ca346 are in \(Self.findingsDirectory)/hub") }
        for input in inputs {
            let result = try Subprocess.run(Self.swivelFuzz, [target, input])
            #expect(result.status == 0, "\(input): \(result.standardOutput) \(result.standardError)")
            #expect((result.standardOutput + result.standardError).contains("0 broke a promise"), "\(input)")
        }
    }
}
