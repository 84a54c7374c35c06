/// Half-duplex wiring without direction control (TX and RX tied through a
/// resistor or diode) hands every byte written straight back on RX, before the
/// servo's reply. An echoed Feetech instruction has a valid checksum and reads
/// as a status packet, so it must be recognised as an echo, not decoded.
public enum BusServoEcho: Equatable, Sendable {
    /// The received bytes do not start with what was written: there is no echo to drop.
    case none
    /// Everything received so far matches the start of what was written; the
    /// rest of the echo has not arrived yet.
    case incomplete(receivedBytes: Int)
    /// The received bytes start with exactly what was written; the reply starts after it.
    case complete(lengthBytes: Int)

    /// Only an exact copy counts: a corrupted echo is left for the status
    /// decoder, which rejects it with a typed error, rather than guessed at.
    public static func scan(received: [UInt8], from start: Int = 0, written: [UInt8]) -> BusServoEcho {
        let begin = min(max(start, 0), received.count)
        guard !written.isEmpty else { return .none }
        let available = min(received.count - begin, written.count)
        for offset in 0..<available where received[begin + offset] != written[offset] {
            return .none
        }
        return available == written.count ? .complete(lengthBytes: written.count) : .incomplete(receivedBytes: available)
    }

    /// Removes a complete echo from the front of `received` in place (a move
    /// within the array's storage, never an allocation) and returns what it found.
    @discardableResult
    public static func drop(from received: inout [UInt8], written: [UInt8]) -> BusServoEcho {
        let echo = scan(received: received, written: written)
        if case .complete(let length) = echo { received.removeFirst(length) }
        return echo
    }

    /// How far a decoder should start past the front of the received bytes.
    public var bytesToSkip: Int {
        if case .complete(let length) = self { return length }
        return 0
    }
}
