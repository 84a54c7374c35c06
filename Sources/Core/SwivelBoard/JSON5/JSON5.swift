/// A strict JSON5 reader (https://spec.json5.org) that keeps the line and
/// column of every value and key, rejects duplicate keys, and bounds both
/// input size and nesting depth so a hostile file cannot exhaust memory or
/// the stack.
public enum JSON5 {
    /// Deep enough for any configuration file, shallow enough that the
    /// recursive descent cannot overflow a thread's stack.
    public static let defaultMaximumDepth = 64
    /// 1 MiB: a board file is a few kilobytes.
    public static let defaultMaximumBytes = 1 << 20

    public static func parse(
        _ text: String,
        maximumDepth: Int = defaultMaximumDepth,
        maximumBytes: Int = defaultMaximumBytes
    ) throws(JSON5Error) -> JSON5Value {
        let size = text.utf8.count
        guard size <= maximumBytes else {
            throw JSON5Error(.tooLarge, at: JSON5Position(line: 1, column: 1),
                             "input is \(size) bytes; the limit is \(maximumBytes) bytes")
        }
        var parser = JSON5Parser(text, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }
}
