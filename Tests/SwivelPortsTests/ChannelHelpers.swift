import SwivelPorts
import SwivelTestSupport

/// A result box another thread fills in; read only after joining that thread.
final class Outcome<Value: Sendable>: @unchecked Sendable {
    var value: Value?
}

/// Reads until `count` bytes arrived, polling so nothing spins; fails after
/// `timeoutMilliseconds` of silence so a broken link fails the test, not hangs it.
func readExactly(_ count: Int, from channel: some ByteChannel, silenceMilliseconds: Int32 = 5_000) throws -> [UInt8] {
    var received: [UInt8] = []
    received.reserveCapacity(count)
    var chunk = [UInt8](repeating: 0, count: 4_096)
    var polls = PollSet()
    while received.count < count {
        polls.removeAll()
        _ = polls.add(channel.fileDescriptor)
        guard try polls.wait(timeoutMilliseconds: silenceMilliseconds) > 0 else {
            throw TestSetupError("\(channel.label): \(received.count) of \(count) bytes, then silence")
        }
        let wanted = min(chunk.count, count - received.count)
        let length = try chunk.withUnsafeMutableBytes { buffer in
            try channel.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
        }
        received.append(contentsOf: chunk[..<length])
    }
    return received
}

/// Every byte value, several times over, so a link that mangles any byte
/// (CR/LF translation, XON/XOFF, parity stripping) is caught.
func patternBytes(count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ Int(seed)) }
}

/// Waits for one descriptor to become readable.
func isReadable(_ descriptor: Int32, withinMilliseconds timeout: Int32) throws -> Bool {
    var polls = PollSet()
    let index = polls.add(descriptor)
    return try polls.wait(timeoutMilliseconds: timeout) > 0 && polls.isReadable(index)
}
