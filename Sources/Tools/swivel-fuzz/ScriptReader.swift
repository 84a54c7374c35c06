/// Reads a fuzz input as a script, byte by byte: nil once it is used up for
/// an op code, zeros past the end for an op's operands (so every prefix of an
/// input is a valid script, and libFuzzer's cuts stay meaningful).
struct ScriptReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { offset >= bytes.count }

    mutating func op() -> UInt8? {
        guard !atEnd else { return nil }
        return u8()
    }

    mutating func u8() -> UInt8 {
        defer { offset += 1 }
        return offset < bytes.count ? bytes[offset] : 0
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        let start = min(offset, bytes.count)
        let end = min(offset + count, bytes.count)
        offset += count
        return Array(bytes[start..<end]) + [UInt8](repeating: 0, count: count - (end - start))
    }
}

/// Payload fields by the document's layouts (docs/PROTOCOL.md §3), with values
/// drawn from tables of ordinary and hostile ones, so a few input bytes reach
/// deep into a command instead of the fuzzer having to learn the layout.
struct PayloadWriter {
    private(set) var bytes: [UInt8] = []

    /// Ordinary angles and rates, the caps' neighbourhood, and what breaks naive code:
    /// values past Int64 when scaled, FLT_MAX, infinities, NaN, a subnormal.
    static let values: [Float] = [
        0, 0.25, -0.5, 1, -2.4, 3, 12, -100, 1e17, -3.4e38, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, 1e9, 0.02,
    ]
    /// Normalized coordinates, and some that are not.
    static let coordinates: [Float] = [0, 0.25, 0.5, 0.75, 1, 0.4, 0.1, 0.9, -0.1, 1.5, .nan, .leastNonzeroMagnitude, 0.05, 0.6, 0.3, 2]

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func i64(_ value: Int64) {
        let raw = UInt64(bitPattern: value)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: raw >> UInt64(shift))) }
    }

    mutating func f32(_ value: Float) { u32(value.bitPattern) }

    /// One value from `values`, picked by the low 4 bits of the next script byte.
    mutating func value(_ script: inout ScriptReader) { f32(Self.values[Int(script.u8() & 0xF)]) }

    mutating func coordinate(_ script: inout ScriptReader) { f32(Self.coordinates[Int(script.u8() & 0xF)]) }
}
