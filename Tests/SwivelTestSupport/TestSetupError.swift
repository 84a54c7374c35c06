/// A test's own setup failed (a thread, a directory, a file), not the code under test.
public struct TestSetupError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
