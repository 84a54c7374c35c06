extension [UInt8] {
    /// A frame's worth of zeros to copy from: appending a slice of it is a
    /// plain memory copy even in a debug build, where appending
    /// `repeatElement(0, count:)` steps through a generic iterator.
    private static let zeros = [UInt8](repeating: 0, count: FrameLimits.maximumEncodedBytes)

    /// Appends `count` zero bytes with the array's usual geometric growth
    /// (reserveCapacity would grow it to the exact size on every call).
    mutating func appendZeros(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let piece = Swift.min(remaining, Self.zeros.count)
            append(contentsOf: Self.zeros[..<piece])
            remaining -= piece
        }
    }
}
