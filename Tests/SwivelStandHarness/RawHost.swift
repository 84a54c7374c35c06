#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX
package import SwivelPorts
package import SwivelProtocol

/// A minimal host written straight against the protocol: the bytes a phone's
/// BLE-UART bridge would send, with no SwivelKit in between.
package final class RawHost {
    package let channel: FileChannel
    package var decoder = FrameDecoder()
    package var inbox: [(header: FrameHeader, message: AccessoryMessage)] = []
    package var sequence: UInt16 = 100
    /// Set once docked: `pump` sends HEARTBEAT whenever 250 ms passed since the
    /// last write, as SwivelKit does, so a test thread that a loaded machine
    /// runs late does not leave the session silent for the daemon's 1 s.
    package var keepAlive = false
    private var lastWrite = RawHost.now()

    package init(channel: FileChannel) { self.channel = channel }

    package func write(_ bytes: [UInt8]) throws {
        try channel.write(all: bytes, timeoutMilliseconds: 1000)
        lastWrite = Self.now()
    }

    /// Reads whatever arrives within `seconds`.
    package func pump(seconds: Double) throws {
        let end = Self.now() + seconds
        var buffer = [UInt8](repeating: 0, count: 4096)
        while Self.now() < end {
            if keepAlive, Self.now() - lastWrite >= 0.25 {
                sequence &+= 1
                try write(WireFrame.encode(.heartbeat, sequence: sequence))
            }
            var poll = PollSet()
            _ = poll.add(channel.fileDescriptor)
            _ = try poll.wait(timeoutMilliseconds: 10)
            let count = try channel.read(into: &buffer)
            guard count > 0 else { continue }
            decoder.feed(buffer[0..<count]) { frame in
                if let message = try? AccessoryMessage.decode(messageID: frame.header.messageID, payload: frame.payloadBytes()) {
                    self.inbox.append((frame.header, message))
                }
            }
        }
    }

    /// Sends and waits up to 2 s for the reply with the same sequence number.
    package func call(_ message: HostMessage) throws -> AccessoryMessage? {
        sequence &+= 1
        let seq = sequence
        try write(WireFrame.encode(message, sequence: seq))
        return try awaitReply(to: seq)
    }

    package func awaitReply(to seq: UInt16, seconds: Double = 2) throws -> AccessoryMessage? {
        let end = Self.now() + seconds
        while Self.now() < end {
            if let found = inbox.first(where: { $0.header.sequence == seq && $0.message.isReply }) { return found.message }
            try pump(seconds: 0.02)
        }
        return nil
    }

    /// The stand time of the newest MOTION_STATE received, in seconds.
    package var latestStandSeconds: Double? {
        for entry in inbox.reversed() {
            if case .motionState(let state) = entry.message { return Double(state.timeMicroseconds) / 1e6 }
        }
        return nil
    }

    /// Pumps until the stand's own time (MOTION_STATE) has run `seconds`: a
    /// daemon on a loaded machine skips deadlines and its time then runs
    /// slower than the wall clock. `wallLimitSeconds` only keeps a hang finite.
    package func pump(standSeconds seconds: Double, wallLimitSeconds: Double = 30) throws {
        try pump(seconds: 0.05)
        guard let start = latestStandSeconds else { return }
        let end = Self.now() + wallLimitSeconds
        while Self.now() < end, (latestStandSeconds ?? start) - start < seconds {
            try pump(seconds: 0.05)
        }
    }

    package func state() throws -> StateReport? {
        guard case .ack(let ack)? = try call(.getState), case .state(let state) = ack.body else { return nil }
        return state
    }

    package static func now() -> Double {
        Double(MonotonicTime.nanoseconds()) / 1e9
    }
}
