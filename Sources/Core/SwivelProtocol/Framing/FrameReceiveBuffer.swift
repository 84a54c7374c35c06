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
