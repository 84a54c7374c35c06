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
