#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware
import SwivelPorts

/// One transport the link thread serves (a socket connection, or a serial
/// port while it is open), its session, and the bytes read from it that the
/// hub has not been given yet. Confined to the link thread.
final class LinkPeer {
    let channel: FileChannel
    let session: SessionID
    let input = LinkInput()
    /// The transport said it is closed (EOF, a failed write): what was read
    /// before is still handed over, then the session ends.
    var closed = false
    /// The service round in which the hub last got bytes from it: among heavy
    /// peers, the one served longest ago goes first.
    var lastFedRound: UInt64 = 0
    /// Frames handed to the hub lately, decaying by half every `usageHalfLife`.
    private var usage = 0.0
    private var usageAt: MonotonicInstant?

    /// A peer whose recent frames stay below this is light: it is served at
    /// once, ahead of heavy peers. About 440 frames/s sustained; a host that
    /// sends a burst of up to this many at once is light through it.
    static let lightUsage = 64.0
    static let usageHalfLifeNanoseconds: Int64 = 100_000_000

    init(channel: FileChannel, session: SessionID) {
        self.channel = channel
        self.session = session
    }

    func isLight(at now: MonotonicInstant) -> Bool { usage(at: now) < Self.lightUsage }

    /// Hands the hub up to `frameCount` of the waiting frames, each TRACK
    /// frame dated within the read that brought it (`TrackArrivals`).
    /// - Returns: the frames handed over.
    func feed(_ hub: LinkHub, frames frameCount: Int, at now: MonotonicInstant) -> Int {
        let (bytes, frames) = input.take(frames: frameCount)
        recordFrames(frames, at: now)
        hub.receive(bytes, from: session, at: now, readAt: input.readAt ?? now, framesAfter: input.waitingFrames)
        return frames
    }

    func recordFrames(_ count: Int, at now: MonotonicInstant) {
        usage = usage(at: now) + Double(count)
        usageAt = now
    }

    private func usage(at now: MonotonicInstant) -> Double {
        guard let usageAt, usage > 0 else { return 0 }
        let elapsed = Double(max(0, now.nanoseconds(since: usageAt)))
        return usage * exp2(-elapsed / Double(Self.usageHalfLifeNanoseconds))
    }
}

/// Bytes read from one peer, handed to the hub a few frames at a time. It is
/// refilled (one read, at most `capacity` bytes) only once empty, so a peer
/// that sends faster than the hub serves it waits in its own socket or port
/// buffer, not in the daemon's memory.
final class LinkInput {
    static let capacity = 4096

    private var bytes = [UInt8](repeating: 0, count: LinkInput.capacity)
    private var start = 0
    private var end = 0

    /// When the bytes waiting here were read: every frame of one read is
    /// dated against the same instant, however many slices it is handed over in.
    private(set) var readAt: MonotonicInstant?
    /// Whole frames (delimiters) still waiting from that read.
    private(set) var waitingFrames = 0

    var isEmpty: Bool { start == end }
    var count: Int { end - start }

    /// One read into the empty buffer.
    /// - Returns: the bytes read; 0 when nothing was waiting.
    /// - Throws: `.closed` when the other side is gone, as `FileChannel.read`.
    func fill(from channel: FileChannel, at now: MonotonicInstant) throws(PortError) -> Int {
        start = 0
        end = 0
        waitingFrames = 0
        end = try channel.read(into: &bytes)
        readAt = now
        waitingFrames = bytes[0..<end].reduce(0) { $0 + ($1 == 0 ? 1 : 0) }
        return end
    }

    /// Up to `frameCount` whole frames (each through its 0x00), or all that is
    /// left when fewer frames end in it (a frame's start, or garbage).
    /// - Returns: the bytes, and how many delimiters they hold.
    func take(frames frameCount: Int) -> (bytes: ArraySlice<UInt8>, frames: Int) {
        var cut = start
        var frames = 0
        while frames < frameCount, cut < end, let delimiter = bytes[cut..<end].firstIndex(of: 0) {
            cut = delimiter + 1
            frames += 1
        }
        if frames < frameCount { cut = end }
        waitingFrames -= frames
        if frames < frameCount { waitingFrames = 0 }
        defer { start = cut }
        return (bytes[start..<cut], frames)
    }

    func takeAll() -> ArraySlice<UInt8> {
        waitingFrames = 0
        defer { start = end }
        return bytes[start..<end]
    }
}
