/// Consistent Overhead Byte Stuffing (Cheshire & Baker, 1999): rewrites bytes
/// so that none is 0x00, leaving 0x00 free to delimit frames on the wire.
///
/// The encoder writes the short form: a run of 254 non-zero bytes that ends the
/// input closes with its 0xFF code and nothing after it (as Wikipedia's table
/// shows). The decoder also takes the paper's long form, which adds a final
/// 0x01 block in that case, so a peer using either kind of encoder is understood.
public enum COBS {
    /// An upper bound on the encoding of `forDecodedLength` bytes, under either
    /// form: one code byte per started 254-byte run, plus one. Exact for the
    /// worst case (no zero bytes) unless the length is a multiple of 254 and
    /// the short form is used, which is one byte shorter.
    public static func maximumEncodedLength(forDecodedLength decodedLength: Int) -> Int {
        let length = max(decodedLength, 0)
        return length + length / 254 + 1
    }

    /// Appends the encoding of `input` (no delimiter) to `output`.
    public static func encode(_ input: some Collection<UInt8>, appendingTo output: inout [UInt8]) {
        if input.withContiguousStorageIfAvailable({ encode(UnsafeRawBufferPointer($0), appendingTo: &output) }) == nil {
            Array(input).withUnsafeBytes { encode($0, appendingTo: &output) }
        }
    }

    /// Decodes one encoding without its delimiter: a 0x00 anywhere in it, an
    /// empty input or a block running past the end is `badEncoding`.
    public static func decode(_ encoded: some Collection<UInt8>) throws(FramingError) -> [UInt8] {
        var bytes = Array(encoded)
        let decodedCount = bytes.withUnsafeMutableBytes { buffer -> Result<Int, FramingError> in
            guard let base = buffer.baseAddress else { return .failure(.badEncoding) }
            return Result { () throws(FramingError) in try decodeInPlace(base, count: buffer.count) }
        }
        bytes.removeLast(bytes.count - (try decodedCount.get()))
        return bytes
    }

    static func encode(_ input: UnsafeRawBufferPointer, appendingTo output: inout [UInt8]) {
        let start = output.count
        let bound = maximumEncodedLength(forDecodedLength: input.count)
        output.appendZeros(bound)
        let written = output.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return encode(input, into: base + start)
        }
        output.removeLast(bound - written)
    }

    /// Encodes `input` at `output`, which must have room for
    /// `maximumEncodedLength(forDecodedLength: input.count)` bytes; returns the
    /// bytes written.
    static func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableRawPointer) -> Int {
        var writer = COBSWriter(output: output)
        writer.write(input)
        return writer.finish()
    }

    /// Decodes the `count` encoded bytes at `base` over themselves (the
    /// decoding is never longer than the encoding, and each byte is written
    /// only after it has been read); returns the decoded length.
    static func decodeInPlace(_ base: UnsafeMutableRawPointer, count: Int) throws(FramingError) -> Int {
        guard count > 0 else { throw .badEncoding }
        var read = 0
        var write = 0
        while read < count {
            let code = Int(base.load(fromByteOffset: read, as: UInt8.self))
            read += 1
            let blockEnd = read + code - 1
            guard code != 0, blockEnd <= count else { throw .badEncoding }
            while read < blockEnd {
                let byte = base.load(fromByteOffset: read, as: UInt8.self)
                guard byte != 0 else { throw .badEncoding }
                base.storeBytes(of: byte, toByteOffset: write, as: UInt8.self)
                read += 1
                write += 1
            }
            // Every block but a full one stands for its run plus one zero; the
            // zero after the last block is the delimiter's, so it is not data.
            if code != 0xFF && read < count {
                base.storeBytes(of: 0, toByteOffset: write, as: UInt8.self)
                write += 1
            }
        }
        return write
    }
}

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
