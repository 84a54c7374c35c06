/// COBS-encodes input handed over in pieces (header, payload, checksum) into
/// memory with room for `COBS.maximumEncodedLength` of the whole, so a frame
/// is never assembled before it is encoded.
struct COBSWriter {
    /// `codeIndex` right after a full 254-byte run: the next block opens only
    /// if more input comes, which is what makes the encoding the short form.
    private static let noOpenBlock = -1

    private let output: UnsafeMutableRawPointer
    /// Bytes written so far, the open block's code placeholder included.
    private var count = 1
    /// Where the open block's code goes.
    private var codeIndex = 0
    private var code: UInt8 = 1

    init(output: UnsafeMutableRawPointer) {
        self.output = output
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let input = bytes.baseAddress else { return }
        // Locals, not stored properties, in the loop: the state is written back once.
        var count = self.count
        var codeIndex = self.codeIndex
        var code = self.code
        for offset in 0..<bytes.count {
            let byte = input.load(fromByteOffset: offset, as: UInt8.self)
            if codeIndex == Self.noOpenBlock {
                codeIndex = count
                count += 1
            }
            if byte == 0 {
                output.storeBytes(of: code, toByteOffset: codeIndex, as: UInt8.self)
                codeIndex = count
                count += 1
                code = 1
                continue
            }
            output.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
            count += 1
            code += 1
            if code == 0xFF {
                output.storeBytes(of: code, toByteOffset: codeIndex, as: UInt8.self)
                codeIndex = Self.noOpenBlock
                code = 1
            }
        }
        self.count = count
        self.codeIndex = codeIndex
        self.code = code
    }

    /// Closes the open block; returns the length of the encoding.
    mutating func finish() -> Int {
        if codeIndex != Self.noOpenBlock {
            output.storeBytes(of: code, toByteOffset: codeIndex, as: UInt8.self)
        }
        return count
    }
}
