/// A command line a tool will not run, and why: each tool prints it before
/// its usage text and exits 2. One type for the tools that share this module
/// (swivelctl's carries the help topic too; swiveld does not link this module).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
