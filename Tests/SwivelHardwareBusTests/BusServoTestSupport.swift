import Testing

/// Bytes from the space-separated hex of the research vectors ("FF FF 01 02 01 FB"),
/// so the literals in the tests read exactly as vectors.json records them.
func hexBytes(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    text.split(separator: " ").map { digits in
        guard let byte = UInt8(digits, radix: 16) else {
            Issue.record("not a hex byte: \(digits)", sourceLocation: sourceLocation)
            return 0
        }
        return byte
    }
}

/// A buffer's storage address: unchanged across encodes means no reallocation.
func storageAddress(_ bytes: [UInt8]) -> UnsafeRawPointer? {
    bytes.withUnsafeBytes { $0.baseAddress }
}
