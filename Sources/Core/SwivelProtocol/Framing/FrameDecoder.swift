/// Turns a byte stream into frames. Each 0x00 ends a frame; the bytes before
/// it are COBS-decoded in place in a fixed buffer, checked (length, CRC) and
/// either handed to the callback or counted in `statistics` and dropped.
///
/// Feeding never allocates: the buffer is sized at init for the longest
/// encoding and the callback gets a pointer into it.
///
/// A frame cannot be told apart from garbage that precedes it without a 0x00
/// in between: COBS merges them into one bad frame. Senders therefore send a
/// 0x00 before a frame at connect and after any error, so the next frame
/// always starts clean (an empty frame costs one byte and is ignored). Not
/// before every frame: with two 0x00 in a row, one bit flip turning the first
/// into 0x01 makes a frame that still checks (see `CRC16MCRF4XX`).
public struct FrameDecoder: Sendable {
    public private(set) var statistics = FrameDecoderStatistics()
    /// Why the most recent frame was dropped; nil while none has been.
    public private(set) var lastError: FramingError?

    private var buffer: FrameReceiveBuffer
    /// Encoded bytes of the current frame held in `buffer`.
    private var count = 0
    /// The current frame outgrew the buffer: its bytes up to the next 0x00 are dropped.
    private var discarding = false

    public init() {
        // The delimiter is never stored.
        buffer = FrameReceiveBuffer(capacity: FrameLimits.maximumEncodedBytes - 1)
    }

    /// Feeds any number of bytes (a single byte, several frames, garbage).
    /// Calls `onFrame` for each valid frame, in order.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ onFrame: (ReceivedFrame) -> Void) {
        guard let input = bytes.baseAddress else { return }
        if !isKnownUniquelyReferenced(&buffer) {
            buffer = buffer.copy(prefix: count)
        }
        let end = bytes.count
        var position = 0
        while position < end {
            if discarding {
                var scan = position
                while scan < end && input.load(fromByteOffset: scan, as: UInt8.self) != 0 { scan += 1 }
                statistics.bytesDiscarded += UInt64(scan - position)
                guard scan < end else { return }
                discarding = false
                position = scan + 1
                continue
            }
            // Copy up to the next delimiter, the end of the input, or a full buffer.
            let stop = position + min(end - position, buffer.capacity - count)
            let destination = buffer.base + count
            var scan = position
            while scan < stop {
                let byte = input.load(fromByteOffset: scan, as: UInt8.self)
                if byte == 0 { break }
                destination.storeBytes(of: byte, toByteOffset: scan - position, as: UInt8.self)
                scan += 1
            }
            count += scan - position
            if scan == end { return }
            if input.load(fromByteOffset: scan, as: UInt8.self) == 0 {
                finishFrame(onFrame)
                position = scan + 1
            } else {
                // A full buffer and no delimiter yet: no frame can be this long.
                statistics.oversize += 1
                statistics.bytesDiscarded += UInt64(count)
                lastError = .oversize
                count = 0
                discarding = true
                position = scan
            }
        }
    }

    public mutating func feed(_ bytes: some Collection<UInt8>, _ onFrame: (ReceivedFrame) -> Void) {
        let fed: Void? = bytes.withContiguousStorageIfAvailable { feed(UnsafeRawBufferPointer($0), onFrame) }
        guard fed == nil else { return }
        // Not contiguous (a lazy view, a deque): through a small stack chunk.
        var iterator = bytes.makeIterator()
        withUnsafeTemporaryAllocation(byteCount: 256, alignment: 1) { chunk in
            var filled = 0
            while let byte = iterator.next() {
                chunk[filled] = byte
                filled += 1
                if filled == chunk.count {
                    feed(UnsafeRawBufferPointer(chunk), onFrame)
                    filled = 0
                }
            }
            feed(UnsafeRawBufferPointer(rebasing: chunk[..<filled]), onFrame)
        }
    }

    /// Drops a partial frame (e.g. after a port reopen), counting its bytes as discarded.
    public mutating func reset() {
        statistics.bytesDiscarded += UInt64(count)
        count = 0
        discarding = false
    }

    /// A delimiter arrived: the `count` bytes in the buffer are one encoded frame.
    private mutating func finishFrame(_ onFrame: (ReceivedFrame) -> Void) {
        let encodedCount = count
        count = 0
        guard encodedCount > 0 else {
            statistics.emptyFrames += 1
            return
        }
        let base = buffer.base
        do throws(FramingError) {
            let decodedCount = try COBS.decodeInPlace(base, count: encodedCount)
            guard decodedCount <= FrameLimits.maximumDecodedBytes else { throw .oversize }
            guard decodedCount >= FrameLimits.minimumDecodedBytes else { throw .tooShort(bytes: decodedCount) }
            let bodyCount = decodedCount - FrameLimits.checksumBytes
            let computed = CRC16MCRF4XX.update(
                CRC16MCRF4XX.initial, bytes: UnsafeRawBufferPointer(start: base, count: bodyCount))
            let received =
                UInt16(base.load(fromByteOffset: bodyCount, as: UInt8.self))
                | UInt16(base.load(fromByteOffset: bodyCount + 1, as: UInt8.self)) << 8
            guard computed == received else { throw .badChecksum(expected: computed, received: received) }
            statistics.framesDecoded += 1
            let payload = UnsafeRawBufferPointer(
                start: base + FrameHeader.byteCount, count: bodyCount - FrameHeader.byteCount)
            onFrame(ReceivedFrame(header: FrameHeader(readingFrom: base), payload: payload))
        } catch {
            switch error {
            case .badEncoding: statistics.badEncoding += 1
            case .tooShort: statistics.tooShort += 1
            case .badChecksum: statistics.badChecksum += 1
            case .oversize, .payloadTooLarge: statistics.oversize += 1
            }
            statistics.bytesDiscarded += UInt64(encodedCount)
            lastError = error
        }
    }
}

/// A decoded frame; `payload` is valid only inside the callback that receives it.
///
/// `payload` points into the decoder's receive buffer, which the next frame
/// overwrites: copy it (`payloadBytes()`) or parse it before returning.
public struct ReceivedFrame {
    public var header: FrameHeader
    public var payload: UnsafeRawBufferPointer

    public init(header: FrameHeader, payload: UnsafeRawBufferPointer) {
        self.header = header
        self.payload = payload
    }

    /// The payload copied out of the receive buffer (allocates).
    public func payloadBytes() -> [UInt8] {
        Array(payload)
    }
}

/// What a `FrameDecoder` has seen since it was made. Every count only grows.
public struct FrameDecoderStatistics: Equatable, Sendable {
    /// Frames delivered to the callback.
    public var framesDecoded: UInt64
    /// Delimiters with nothing before them (two 0x00 in a row, or a 0x00 first):
    /// ignored, not an error, since senders may prefix a 0x00 to resynchronise.
    public var emptyFrames: UInt64
    public var tooShort: UInt64
    public var badEncoding: UInt64
    public var badChecksum: UInt64
    /// Counted once per frame: as soon as its encoding outgrows the receive
    /// buffer, or at its delimiter if it decodes to more than the maximum.
    public var oversize: UInt64
    /// Every received byte that did not end up in a delivered frame, delimiters
    /// excluded: bytes of dropped frames, and of a partial frame dropped by `reset()`.
    public var bytesDiscarded: UInt64

    public init(
        framesDecoded: UInt64 = 0, emptyFrames: UInt64 = 0, tooShort: UInt64 = 0, badEncoding: UInt64 = 0,
        badChecksum: UInt64 = 0, oversize: UInt64 = 0, bytesDiscarded: UInt64 = 0
    ) {
        self.framesDecoded = framesDecoded
        self.emptyFrames = emptyFrames
        self.tooShort = tooShort
        self.badEncoding = badEncoding
        self.badChecksum = badChecksum
        self.oversize = oversize
        self.bytesDiscarded = bytesDiscarded
    }

    public var framesDropped: UInt64 {
        tooShort + badEncoding + badChecksum + oversize
    }
}

/// The decoder's fixed receive buffer: allocated once, never grown, so feeding
/// bytes never allocates. A class so that `ReceivedFrame.payload` can point
/// into it; `FrameDecoder` copies it before writing if the decoder was copied.
final class FrameReceiveBuffer: @unchecked Sendable {
    // @unchecked: the memory is written only through a FrameDecoder that holds
    // the sole reference (checked with isKnownUniquelyReferenced); shared
    // copies only read it.
    let base: UnsafeMutableRawPointer
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    }

    func copy(prefix count: Int) -> FrameReceiveBuffer {
        let copy = FrameReceiveBuffer(capacity: capacity)
        copy.base.copyMemory(from: base, byteCount: count)
        return copy
    }

    deinit {
        base.deallocate()
    }
}
