#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPorts
import SwivelProtocol

/// One transport to the daemon (a socket connection or the serial pty) and
/// what was said on it: every command sent and not yet answered, every frame
/// received, decoded the way a host decodes it.
final class Connection {
    struct Owed {
        var messageID: UInt8
        var sentNanoseconds: Int64
    }

    let channel: FileChannel
    let label: String
    private var decoder = FrameDecoder()
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    /// Replies owed, by sequence number.
    private(set) var owed: [UInt16: Owed] = [:]
    private var nextSequence: UInt16 = 1
    private(set) var lastFrame: [UInt8] = []
    private(set) var lastSequence: UInt16 = 0
    private var lastID: UInt8 = 0
    /// Frames from the daemon that did not decode as a message.
    private(set) var undecodable = 0
    private(set) var framesDropped: UInt64 = 0
    private(set) var closed = false

    init(channel: FileChannel, label: String) {
        self.channel = channel
        self.label = label
    }

    static func socket(_ path: String) throws(PortError) -> Connection {
        Connection(channel: try UnixSocket.connect(path: path, timeoutMilliseconds: 2_000), label: "socket")
    }

    static func serial(_ path: String) throws(PortError) -> Connection {
        Connection(channel: try SerialPort.open(path: path, baudRate: 921_600), label: "serial")
    }

    var fileDescriptor: Int32 { channel.fileDescriptor }

    func takeSequence() -> UInt16 {
        defer { nextSequence &+= 1 }
        return nextSequence
    }

    /// A command: the frame is remembered (for a retransmission) and its reply owed.
    func send(_ message: HostMessage, now: Int64) throws(PortError) -> UInt16 {
        let sequence = takeSequence()
        try sendFrame(WireFrame.encode(message, sequence: sequence), id: message.messageID.rawValue, sequence: sequence, now: now)
        return sequence
    }

    /// A well-formed frame with any id and payload: answered too (ERR, mostly).
    func sendFrame(_ frame: [UInt8], id: UInt8, sequence: UInt16, now: Int64) throws(PortError) {
        lastFrame = frame
        lastSequence = sequence
        lastID = id
        owed[sequence] = Owed(messageID: id, sentNanoseconds: now)
        try write(frame)
    }

    /// The last frame again: answered again, from the daemon's reply cache.
    func retransmit(now: Int64) throws(PortError) {
        guard !lastFrame.isEmpty else { return }
        if owed[lastSequence] == nil { owed[lastSequence] = Owed(messageID: lastID, sentNanoseconds: now) }
        try write(lastFrame)
    }

    /// Bytes no reply is owed for (garbage, a cut frame), then a 0x00 so the next frame starts clean.
    func sendGarbage(_ bytes: [UInt8]) throws(PortError) {
        try write(bytes + [0])
    }

    func write(_ bytes: [UInt8]) throws(PortError) {
        // A reading daemon drains a socket at once; a second is generous on a loaded machine.
        try channel.write(all: bytes, timeoutMilliseconds: 1_000)
    }

    /// Everything readable now, as (header, message) pairs; replies settle what is owed.
    func receive() throws(PortError) -> [(FrameHeader, AccessoryMessage)] {
        var messages: [(FrameHeader, AccessoryMessage)] = []
        while true {
            let count = try channel.read(into: &readBuffer)
            guard count > 0 else { break }
            var frames: [(FrameHeader, [UInt8])] = []
            decoder.feed(readBuffer[0..<count]) { frames.append(($0.header, $0.payloadBytes())) }
            for (header, payload) in frames {
                guard let message = try? AccessoryMessage.decode(messageID: header.messageID, payload: payload) else {
                    undecodable += 1
                    continue
                }
                if message.isReply { owed[header.sequence] = nil }
                messages.append((header, message))
            }
            if count < readBuffer.count { break }
        }
        framesDropped = decoder.statistics.framesDropped
        return messages
    }

    /// Replies owed for longer than `nanoseconds`; forgotten once counted.
    func takeOverdue(olderThan nanoseconds: Int64, now: Int64) -> Int {
        let overdue = owed.filter { now - $0.value.sentNanoseconds > nanoseconds }
        for key in overdue.keys { owed[key] = nil }
        return overdue.count
    }

    func forgetOwed() { owed.removeAll() }

    func close() {
        closed = true
        channel.close()
    }
}
