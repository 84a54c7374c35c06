/// One session's encoded frames waiting for the transport, in fixed-size
/// blocks: appending copies a frame once into the tail block, and the link
/// thread writes straight from the blocks (a gather write) and drops what the
/// peer took. Nothing already queued is ever copied again, however long the
/// queue grows, and memory is bounded by the hub's limits, not by this type.
///
/// A reference type on purpose: a session is a struct in the hub's dictionary,
/// and a buffer inside it would be copied whole (copy-on-write with two
/// owners) every time a frame was appended through a copy of the session.
///
/// Confined to the link thread, like the hub that owns it.
final class OutputQueue {
    static let blockBytes = 4096

    /// Oldest first; the first is read from `readOffset`, the last written at `writeOffset`.
    private var blocks: [UnsafeMutableRawBufferPointer] = []
    private var readOffset = 0
    private var writeOffset = 0
    /// One emptied block kept for the next append, so a session that keeps
    /// up allocates nothing while it does.
    private var spare: UnsafeMutableRawBufferPointer?

    /// Bytes waiting.
    private(set) var count = 0
    /// Bytes the transport has taken since the queue was made: the hub compares
    /// it between services to see whether a peer is reading at all.
    private(set) var consumedTotal: UInt64 = 0

    init() {}

    deinit {
        for block in blocks { block.deallocate() }
        spare?.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { source in
            var remaining = source
            while !remaining.isEmpty {
                if blocks.isEmpty || writeOffset == Self.blockBytes {
                    blocks.append(takeBlock())
                    writeOffset = 0
                }
                let room = Self.blockBytes - writeOffset
                let chunk = min(room, remaining.count)
                // The loop above just made sure there is a last block.
                let tail = blocks[blocks.count - 1]
                UnsafeMutableRawBufferPointer(rebasing: tail[writeOffset..<writeOffset + chunk])
                    .copyMemory(from: UnsafeRawBufferPointer(rebasing: remaining[0..<chunk]))
                writeOffset += chunk
                count += chunk
                remaining = UnsafeRawBufferPointer(rebasing: remaining[chunk...])
            }
        }
    }

    /// The waiting bytes as at most `maximumRegions` contiguous regions, oldest
    /// first, for a gather write. Valid until the next `append`, `consume` or
    /// `removeAll`.
    func regions(maximum maximumRegions: Int) -> [UnsafeRawBufferPointer] {
        var regions: [UnsafeRawBufferPointer] = []
        for (index, block) in blocks.enumerated() {
            guard regions.count < maximumRegions else { break }
            let start = index == 0 ? readOffset : 0
            let end = index == blocks.count - 1 ? writeOffset : Self.blockBytes
            if end > start { regions.append(UnsafeRawBufferPointer(rebasing: block[start..<end])) }
        }
        return regions
    }

    /// Drops the first `byteCount` bytes: the transport took them.
    func consume(_ byteCount: Int) {
        var left = min(max(byteCount, 0), count)
        count -= left
        consumedTotal &+= UInt64(left)
        while left > 0, !blocks.isEmpty {
            let end = blocks.count == 1 ? writeOffset : Self.blockBytes
            let available = end - readOffset
            if left < available {
                readOffset += left
                left = 0
            } else {
                left -= available
                releaseFirstBlock()
            }
        }
        if count == 0 { releaseAll() }
    }

    /// Everything waiting, copied out and consumed: for tests and in-process peers.
    func takeAll() -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        for region in regions(maximum: Int.max) { bytes.append(contentsOf: region) }
        consume(bytes.count)
        return bytes
    }

    /// Throws away what waits (a peer that will never read it); not counted as consumed.
    func removeAll() {
        count = 0
        releaseAll()
    }

    private func takeBlock() -> UnsafeMutableRawBufferPointer {
        if let block = spare {
            spare = nil
            return block
        }
        return UnsafeMutableRawBufferPointer.allocate(byteCount: Self.blockBytes, alignment: 16)
    }

    private func recycle(_ block: UnsafeMutableRawBufferPointer) {
        if spare == nil {
            spare = block
        } else {
            block.deallocate()
        }
    }

    private func releaseFirstBlock() {
        recycle(blocks.removeFirst())
        readOffset = 0
        if blocks.isEmpty { writeOffset = 0 }
    }

    private func releaseAll() {
        for block in blocks { recycle(block) }
        blocks.removeAll(keepingCapacity: true)
        readOffset = 0
        writeOffset = 0
    }
}
