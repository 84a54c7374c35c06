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
