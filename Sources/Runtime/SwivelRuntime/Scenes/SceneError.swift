public import SwivelBoard

/// One thing wrong with a scene file: the same key path, line and reason a
/// board file's problems carry, read by the same JSON5 parser.
public typealias SceneProblem = BoardProblem

/// Every problem found in one scene file, sorted by line.
public struct SceneError: Error, Equatable, Sendable, CustomStringConvertible {
    public var source: String
    public var problems: [SceneProblem]

    public init(source: String, problems: [SceneProblem]) {
        self.source = source
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(source): \(count)\n" + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
