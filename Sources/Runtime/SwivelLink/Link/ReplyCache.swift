/// The replies a session sent most recently, keyed by the command's sequence
/// number, message id AND its payload bytes. A retransmission (same seq, same
/// bytes) gets the cached reply again and is not applied twice; a new command
/// that reuses a sequence number after wrap-around differs in its bytes or has
/// long left the cache, and is applied. The payload itself, not a checksum of
/// it: the frame's CRC was computed once, by the decoder, and covers the flags,
/// which a retransmission may change; comparing bytes is exact, and only runs
/// when sequence and id already match.
struct ReplyCache {
    struct Key: Equatable {
        var sequence: UInt16
        var messageID: UInt8
        /// Compared last: `==` stops at the first differing field.
        var payload: [UInt8]
    }

    private var entries: [(key: Key, reply: [UInt8])] = []
    private var next = 0
    let capacity: Int

    init(capacity: Int = 64) { self.capacity = capacity }

    func reply(for key: Key) -> [UInt8]? {
        entries.first { $0.key == key }?.reply
    }

    mutating func insert(_ reply: [UInt8], for key: Key) {
        if entries.count < capacity {
            entries.append((key, reply))
        } else {
            entries[next] = (key, reply)
            next = (next + 1) % capacity
        }
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        next = 0
    }
}
