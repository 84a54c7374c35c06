/// Reads and validates board files. Either every check passes and a `Board`
/// comes back, or a `BoardError` lists every problem found.
public enum BoardLoader {
    public static func load(contentsOf path: String) throws(BoardError) -> Board {
        let text = try BoardFileReader.read(path)
        return try parse(text, source: path)
    }

    /// - Parameter source: names the text in errors, e.g. a path or `<string>`.
    public static func parse(_ text: String, source: String) throws(BoardError) -> Board {
        let root: JSON5Value
        do {
            root = try JSON5.parse(text)
        } catch {
            throw BoardError(source: source, problems: [problem(for: error)])
        }
        let decoder = BoardDecoder()
        let board = decoder.decodeBoard(root)
        if let board, decoder.problems.isEmpty {
            return board
        }
        var problems = decoder.problems
        if problems.isEmpty {
            // Every nil result reports why; reaching here is a loader bug, not a file problem.
            problems.append(BoardProblem(keyPath: "", line: nil, reason: "internal error: the board was rejected without a reason"))
        }
        throw BoardError(source: source, problems: sorted(problems))
    }

    static func problem(for error: JSON5Error) -> BoardProblem {
        switch error.kind {
        case .syntax, .tooDeep:
            BoardProblem(keyPath: error.keyPath, line: error.position.line,
                         reason: "syntax error at \(error.position): \(error.message)")
        case .duplicateKey:
            BoardProblem(keyPath: error.keyPath, line: error.position.line, reason: error.message)
        case .tooLarge:
            BoardProblem(keyPath: "", line: nil, reason: error.message)
        }
    }

    /// By line (unlocated problems first), then key path; the reason breaks
    /// ties so the order never depends on discovery order.
    static func sorted(_ problems: [BoardProblem]) -> [BoardProblem] {
        problems.sorted { a, b in
            let lineA = a.line ?? 0
            let lineB = b.line ?? 0
            if lineA != lineB { return lineA < lineB }
            if a.keyPath != b.keyPath { return a.keyPath < b.keyPath }
            return a.reason < b.reason
        }
    }
}
