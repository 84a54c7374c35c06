/// Requests and replies on one UART that up to four TMC2209s share, on the
/// bus's own thread (or at set-up), never in the tick. The chip acknowledges
/// no write, and on the one-wire line (PDN_UART joined to TX through 1 kΩ and
/// straight to RX) every request comes back on RX before any reply: the echo
/// is recognised as an exact copy of what was sent and dropped, as the bus
/// servos' is (`BusServoEcho`); a line without it works the same.
public final class TMC2209Line {
    public let device: any ByteDevice
    /// The device path, for messages.
    public let path: String
    private let replyTimeoutNanoseconds: Int64
    private var received: [UInt8] = []
    private var readBuffer = [UInt8](repeating: 0, count: 64)

    /// - Parameter replyTimeoutNanoseconds: how long a read waits for its reply (the
    ///   chip answers within a few bit times; a pty's serving thread may take milliseconds).
    public init(device: any ByteDevice, path: String, replyTimeoutNanoseconds: Int64 = 20_000_000) {
        self.device = device
        self.path = path
        self.replyTimeoutNanoseconds = replyTimeoutNanoseconds
        received.reserveCapacity(64)
    }

    /// Sends a write datagram and waits for its echo, if the line has one; only IFCNT says whether the chip took it.
    public func write(node: UInt8, _ write: TMC2209RegisterWrite) throws(TMC2209LineError) {
        let datagram: [UInt8]
        do {
            datagram = try write.datagram(node: node)
        } catch {
            throw .datagram(error)
        }
        try send(datagram)
        // A line without an echo waits the short echo time out; one with it returns once the copy is back.
        _ = collect(after: datagram, until: { echo, _ in echo == .complete(lengthBytes: datagram.count) },
                    timeoutNanoseconds: echoWaitNanoseconds(bytes: datagram.count))
        device.discardInput()
    }

    /// Reads one register of `node`: its value, or why there is none.
    public func read(node: UInt8, register: UInt8) throws(TMC2209LineError) -> UInt32 {
        let request: [UInt8]
        do {
            request = try TMC2209Datagram.readRequest(node: node, register: register)
        } catch {
            throw .datagram(error)
        }
        try send(request)
        let reply = collect(
            after: request, until: { echo, count in !(echo.isIncomplete) && count >= TMC2209Datagram.replyLength },
            timeoutNanoseconds: replyTimeoutNanoseconds)
        guard reply.count >= TMC2209Datagram.replyLength else {
            throw reply.isEmpty ? .noReply : .badReply(.wrongLength(expected: TMC2209Datagram.replyLength, actual: reply.count))
        }
        do {
            return try TMC2209Datagram.decodeReply(Array(reply.prefix(TMC2209Datagram.replyLength)), register: register)
        } catch {
            throw .badReply(error)
        }
    }

    public func close() { device.close() }

    private func send(_ bytes: [UInt8]) throws(TMC2209LineError) {
        // A late reply to an earlier request must not pass for this one's.
        device.discardInput()
        received.removeAll(keepingCapacity: true)
        var failure: HardwareError?
        bytes.withUnsafeBytes { raw in
            do throws(HardwareError) { try device.write(raw) } catch { failure = error }
        }
        if let failure { throw .device(failure) }
    }

    /// What arrived after the echo of `sent` (or everything, on a line without
    /// one) once `done` holds for the echo found and the bytes after it, or the time is up.
    private func collect(after sent: [UInt8], until done: (BusServoEcho, Int) -> Bool, timeoutNanoseconds: Int64) -> ArraySlice<UInt8> {
        let slice = max(timeoutNanoseconds / 8, 1)
        var waited: Int64 = 0
        while true {
            let echo = BusServoEcho.scan(received: received, written: sent)
            let reply = received[echo.bytesToSkip...]
            if done(echo, reply.count) || waited >= timeoutNanoseconds { return reply }
            let wait = device.repliesAreImmediate ? 0 : slice
            let device = device
            let read = readBuffer.withUnsafeMutableBytes { raw in try? device.read(into: raw, timeoutNanoseconds: wait) }
            guard let count = read else { return reply }
            if count > 0 {
                received.append(contentsOf: readBuffer[0..<count])
            } else if device.repliesAreImmediate {
                // Everything an immediate device will say is already here.
                waited = timeoutNanoseconds
            } else {
                waited += slice
            }
        }
    }

    /// The datagram's time on the wire at 115 200 baud, with a pty's or USB adapter's latency on top.
    private func echoWaitNanoseconds(bytes: Int) -> Int64 { Int64(bytes) * 100_000 + 5_000_000 }
}

extension BusServoEcho {
    fileprivate var isIncomplete: Bool {
        if case .incomplete = self { return true }
        return false
    }
}

/// Why one exchange on a TMC2209 UART failed.
public enum TMC2209LineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing but the echo came back.
    case noReply
    case badReply(TMC2209DatagramError)
    case device(HardwareError)
    case datagram(TMC2209DatagramError)

    public var description: String {
        switch self {
        case .noReply: "no reply"
        case .badReply(let error): "a bad reply: \(error)"
        case .device(let error): "the device failed: \(error.reason)"
        case .datagram(let error): "\(error)"
        }
    }
}
