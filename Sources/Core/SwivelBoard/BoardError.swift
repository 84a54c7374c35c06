/// One thing wrong with a board file (or a scene file, which reports its problems the same way).
public struct BoardProblem: Equatable, Sendable, CustomStringConvertible {
    /// Dotted path to the offending key, e.g. `axes.yaw.motor.stepLine` or
    /// `serial[0].baud`; empty for the file itself or its top level.
    public var keyPath: String
    /// Line of the offending value (or, for a missing key, of the object that
    /// lacks it); nil when the file could not be read at all.
    public var line: Int?
    public var reason: String

    public init(keyPath: String, line: Int?, reason: String) {
        self.keyPath = keyPath
        self.line = line
        self.reason = reason
    }

    /// `axes.yaw.motor.stepLine (line 12): pin 17 used by …`
    public var description: String {
        var head = keyPath
        if let line {
            head += head.isEmpty ? "line \(line)" : " (line \(line))"
        }
        return head.isEmpty ? reason : "\(head): \(reason)"
    }
}

/// Every problem found in one board file.
public struct BoardError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file path, or `<string>` for text parsed directly.
    public var source: String
    /// All problems, sorted by line, then key path.
    public var problems: [BoardProblem]

    public init(source: String, problems: [BoardProblem]) {
        self.source = source
        self.problems = problems
    }

    public var description: String {
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return "\(source): \(count)\n" + problems.map { "  \($0)" }.joined(separator: "\n")
    }
}
