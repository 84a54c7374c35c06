@testable import SwivelProtocol

import SwivelVocabulary

/// Byte helpers on the core's seeded generator, so every randomized test
/// replays the same bytes on every machine.
extension SplitMix64 {
    mutating func byte() -> UInt8 {
        UInt8(truncatingIfNeeded: next())
    }

    mutating func bytes(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in byte() }
    }

    /// Bytes with roughly one zero in `oneZeroIn` (0: no zeros at all).
    mutating func bytes(_ count: Int, oneZeroIn: UInt64) -> [UInt8] {
        (0..<count).map { _ in
            if oneZeroIn > 0 && next() % oneZeroIn == 0 { return 0 }
            return UInt8(truncatingIfNeeded: next() % 255 + 1)
        }
    }
}

/// CRC-16/MCRF4XX bit by bit, straight from its definition: the reference the
/// table-driven implementation is checked against.
func referenceCRC(_ bytes: some Sequence<UInt8>) -> UInt16 {
    var crc: UInt16 = 0xFFFF
    for byte in bytes {
        crc ^= UInt16(byte)
        for _ in 0..<8 {
            crc = crc & 1 == 1 ? (crc >> 1) ^ 0x8408 : crc >> 1
        }
    }
    return crc
}

/// COBS as the 1999 paper's StuffData writes it: a full run at the end is
/// followed by a 0x01 block. Used to check the decoder accepts this long form.
func paperFormCOBS(_ input: [UInt8]) -> [UInt8] {
    var output: [UInt8] = [0]
    var codeIndex = 0
    var code: UInt8 = 1
    func finishBlock() {
        output[codeIndex] = code
        codeIndex = output.count
        output.append(0)
        code = 1
    }
    for byte in input {
        if byte == 0 {
            finishBlock()
        } else {
            output.append(byte)
            code += 1
            if code == 0xFF { finishBlock() }
        }
    }
    output[codeIndex] = code
    return output
}

/// A decoded frame copied out of the callback, for comparison.
struct CopiedFrame: Equatable, CustomStringConvertible {
    var header: FrameHeader
    var payload: [UInt8]

    init(header: FrameHeader, payload: [UInt8]) {
        self.header = header
        self.payload = payload
    }

    init(_ frame: ReceivedFrame) {
        self.init(header: frame.header, payload: frame.payloadBytes())
    }

    var description: String {
        "v\(header.version) flags \(header.flags.rawValue) seq \(header.sequence) id \(header.messageID)"
            + " payload \(payload.count) bytes"
    }
}

extension FrameDecoder {
    /// Feeds `bytes` in one call; returns the frames delivered.
    mutating func frames(from bytes: [UInt8]) -> [CopiedFrame] {
        var frames: [CopiedFrame] = []
        feed(bytes) { frames.append(CopiedFrame($0)) }
        return frames
    }
}

/// The wire bytes of one frame (encoding plus delimiter).
func wire(_ header: FrameHeader, _ payload: [UInt8]) throws -> [UInt8] {
    try FrameEncoder.encode(header, payload: payload)
}

/// A decoded frame (header ‖ payload ‖ CRC) built by hand from raw header
/// bytes, bypassing FrameEncoder, with a correct checksum.
func handBuiltFrame(_ headerAndPayload: [UInt8]) -> [UInt8] {
    let crc = referenceCRC(headerAndPayload)
    return headerAndPayload + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
}
