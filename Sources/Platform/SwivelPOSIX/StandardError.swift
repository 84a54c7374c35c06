/// Lines to standard error as raw writes to descriptor 2: C's `stderr` is a
/// global Swift 6 will not touch from any thread, and unbuffered writes keep
/// log lines, a status line and a tool's own output in order.
public enum StandardError {
    /// Writes `text` as given (the caller adds the newline). A closed or
    /// full stderr is ignored: there is nobody to tell.
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            try? FileDescriptor.standardError.writeAll(UnsafeRawBufferPointer(bytes))
        }
    }
}
