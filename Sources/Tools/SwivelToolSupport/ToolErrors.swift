/// A command line a tool will not run, and why: each tool prints it before
/// its usage text and exits 2. One type for the tools that share this module
/// (swivelctl's carries the help topic too; swiveld does not link this module).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// Why a tool's run, or one step of it, failed, in words for the terminal:
/// the tool prints it and fails. Worded where it is thrown, so it carries
/// the text alone (a child that would not start, a file that would not
/// read, a connection the soak lost).
public struct ToolFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
