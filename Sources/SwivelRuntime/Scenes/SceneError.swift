/// One thing wrong with a scene file.
public struct SceneProblem: Equatable, Sendable, CustomStringConvertible {
    /// Dotted path to the offending key, e.g. `subjects[0].trajectory[2].yawRad`;
    /// empty for the file itself.
    public var keyPath: String
    /// Line of the offending value (or of the object that lacks a key); nil
    /// when the file could not be read.
    public var line: Int?
    public var reason: String

    public init(keyPath: String, line: Int?, reason: String) {
        self.keyPath = keyPath
        self.line = line
        self.reason = reason
    }

    public var description: String {
        var head = keyPath
        if let line { head += head.isEmpty ? "line \(line)" : " (line \(line))" }
        return head.isEmpty ? reason : "\(head): \(reason)"
    }
}

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
