#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
package import SwivelCore
import SwivelHardware
package import SwivelPorts
package import SwivelProtocol
package import SwivelRuntime
package import SwivelSimBackend
import SwivelTestSupport

/// The stand's side of the link, in this process: the real `LinkHub` over a
/// `VirtualStand`, on its own thread, moving bytes between the hub and socket
/// connections (one end of a socket pair, or clients of a listener).
///
/// Virtual time is paced against the wall clock at `speed` virtual seconds
/// per real second, one 1 ms tick at a time. It never bursts to catch up after
/// a stall (it falls behind instead), so the hub never sees a silence the host
/// did not make.
///
/// A host on `hostClock()` (every `Rig`) measures its timeouts, heartbeats and
/// progress polls on this virtual time, in lockstep (see `PumpClock`): the
/// hub's heartbeat timeout is then the daemon's 1 s, and nothing the host
/// counts depends on how fast the machine runs. The clients of a listener are
/// processes on the wall clock (`swivelctl`, the README's example): for them
/// the timeout is scaled by `speed`, so SwivelKit's real-time 250 ms heartbeats
/// keep a session docked as they do against the daemon's 1 s.
///
/// `hold()` stops virtual time but for the ticks that answer commands and
/// those `advance(bySeconds:)` asks for, so what a test does between two
/// steps happens at one instant of the stand's time.
package final class StandPump: @unchecked Sendable {
    package struct SeenCommand: Sendable {
        package var header: FrameHeader
        package var message: HostMessage?
    }

    package typealias CommandFilter = @Sendable (FrameHeader, HostMessage) -> Bool
    package typealias ReplyFilter = @Sendable (FrameHeader, AccessoryMessage) -> Bool

    private struct Connection {
        let channel: FileChannel
        let session: SessionID
        var partial: [UInt8] = []
    }

    /// How long a write to a host may wait for room. A Unix socket holds only
    /// about 280 small frames, a second or so of telemetry at speed 4, and a
    /// host thread that a loaded machine has not run for that long is still
    /// there: with 200 ms here the pump took it for gone and ended its session.
    /// 5 s is only a guard against a host that stopped reading.
    package static let writeTimeoutMilliseconds: Int32 = 5000

    package static let standUUID = WireUUID(bytes: [0x5A, 0x1E, 0x0C, 0x3B, 0x9D, 0x27, 0x84, 0x4F, 0xA0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77]) ?? .zero

    package let virtual: VirtualStand
    package let hub: LinkHub
    package let speed: Double
    /// The board's buttons and batteries, attached to the hub as the daemon attaches them.
    package let accessories: SimulatedAccessories

    // Everything below is guarded by `lock`.
    private let lock = TestMutex(())
    private var listener: UnixSocketListener?
    private var connections: [Connection] = []
    private var ticks: Int64 = 0
    private var commandDrop: CommandFilter?
    private var replyDrop: ReplyFilter?
    private var telemetryDrop: ReplyFilter?
    private var seen: [SeenCommand] = []
    private var lone0x00Count = 0
    private var writeTimeoutCount = 0
    private var silenced = false
    private var held = false
    /// While held, time still runs up to this tick (an `advance` asked for it).
    private var runUntil: Int64 = 0
    private var advanceWaiters: [(tick: Int64, continuation: CheckedContinuation<Void, Never>)] = []
    private var stallFilter: CommandFilter?
    private var stallSeconds = 0.0
    private var tickHook: (@Sendable (VirtualStand) -> Bool)?

    /// SwivelKit's link clock for a host of this pump, in lockstep with it.
    private let linkClock = PumpClock()
    private let running = Atomic(true)
    private let waker: PollWaker
    private var thread: TestThread?

    package init(board: String = "sim.json5", speed: Double = 4, listeningAt path: String? = nil) throws {
        virtual = try VirtualStand(board: BoardFixtures.load(board))
        let identity = DeviceIdentity.identity(
            board: try BoardFixtures.load(board), uuid: Self.standUUID, heartbeatTimeoutMilliseconds: 1000,
            motionStateRateHz: 50)
        // A listener's clients send heartbeats on the wall clock (see above).
        let heartbeatTimeout = path == nil ? 1e9 : 1e9 * speed
        hub = LinkHub(
            stand: virtual.stand,
            configuration: LinkConfiguration(identity: identity, heartbeatTimeoutNanoseconds: Int64(heartbeatTimeout)))
        self.speed = speed
        accessories = try SimulatedAccessories(board: try BoardFixtures.load(board), clock: virtual.clock)
        hub.accessories = accessories.accessories
        waker = try PollWaker()
        listener = try path.map { try UnixSocketListener(path: $0) }
        thread = try TestThread { [self] in run() }
    }

    /// Serves `channel` (the stand's end of a socket pair) as one session.
    package func attach(_ channel: FileChannel) {
        lock.withLock { _ in
            let session = hub.openSession(label: "test", at: virtual.deadline)
            connections.append(Connection(channel: channel, session: session))
        }
        waker.wake()
    }

    /// Ends the thread (which holds the pump until then: call it) and closes every connection and the listener (its socket file goes).
    package func stop() {
        guard running.exchange(false, ordering: .sequentiallyConsistent) else { return }
        waker.wake()
        thread?.join()
        thread = nil
        // Nothing advances any more: nobody waits for it.
        let waiters = lock.withLock { _ in
            defer { advanceWaiters.removeAll() }
            return advanceWaiters
        }
        for waiter in waiters { waiter.continuation.resume() }
    }

    /// The clock for the one SwivelKit host of this pump: the link thread's
    /// timers then run on virtual time, in lockstep with it. Time stands still
    /// from now until that link thread first waits.
    package func hostClock() -> PumpClock {
        linkClock.attachHost()
        return linkClock
    }

    // MARK: - What tests ask

    /// Runs `body` between two pump iterations, with the hub and stand still.
    package func inspect<T>(_ body: (LinkHub, VirtualStand) -> T) -> T {
        lock.withLock { _ in body(hub, virtual) }
    }

    package var measured: PerAxis<Double> { virtual.stand.status().measured }

    package var virtualSeconds: Double { lock.withLock { _ in Double(ticks) / 1000 } }

    /// Waits (without blocking a thread) until `seconds` more of virtual time
    /// have run; while held, runs exactly that much more.
    package func advance(bySeconds seconds: Double) async {
        let count = Int64((seconds * 1000).rounded())
        await withCheckedContinuation { continuation in
            let done = lock.withLock { _ -> Bool in
                let target = ticks + count
                guard ticks < target, running.load(ordering: .sequentiallyConsistent) else { return true }
                runUntil = max(runUntil, target)
                advanceWaiters.append((target, continuation))
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// From now on virtual time runs only to answer commands (a tick or two
    /// each) and when `advance(bySeconds:)` asks for it: a test's steps between
    /// then fall at one instant of the stand's time, however late the machine
    /// runs them. Nothing times out meanwhile: the host's clock stands still too.
    package func hold() {
        lock.withLock { _ in
            held = true
            runUntil = ticks
        }
    }

    /// Virtual time runs at `speed` again.
    package func release() {
        lock.withLock { _ in held = false }
        waker.wake()
    }

    /// The next command `filter` picks stops the pump's thread for `realSeconds`
    /// after it reads it and before the stand answers: a machine too loaded to
    /// run the stand for a while. Virtual time does not run meanwhile.
    package func stallOnce(realSeconds: Double, atCommand filter: @escaping CommandFilter) {
        lock.withLock { _ in
            stallFilter = filter
            stallSeconds = realSeconds
        }
    }

    /// Runs `body` on the pump's thread after every tick until it returns true:
    /// to act at a point of the stand's time rather than when the test gets to run.
    package func afterEachTick(_ body: @escaping @Sendable (VirtualStand) -> Bool) {
        lock.withLock { _ in tickHook = body }
    }

    /// Drops the first command frame that `filter` picks, before the hub sees it.
    package func dropFirstCommand(where filter: @escaping CommandFilter) {
        lock.withLock { _ in commandDrop = filter }
    }

    /// Drops the first reply frame that `filter` picks, after the hub sent it.
    package func dropFirstReply(where filter: @escaping ReplyFilter) {
        lock.withLock { _ in replyDrop = filter }
    }

    /// Drops every telemetry frame that `filter` picks from now on.
    package func dropTelemetry(where filter: @escaping ReplyFilter) {
        lock.withLock { _ in telemetryDrop = filter }
    }

    /// Every command frame that reached the pump, dropped or not, in order.
    package var seenCommands: [SeenCommand] { lock.withLock { _ in seen } }

    /// How many lone 0x00 bytes (empty frames) the host sent.
    package var lone0x00s: Int { lock.withLock { _ in lone0x00Count } }

    /// Writes to a host that timed out (their bytes were lost).
    package var writeTimeouts: Int { lock.withLock { _ in writeTimeoutCount } }

    /// Presses (or releases) a button of the simulated board, now in virtual time.
    package func press(_ name: String, _ pressed: Bool = true) throws {
        try lock.withLock { _ in try accessories.press(name, pressed, at: virtual.deadline) }
    }

    /// Sends `message` to every host as telemetry, whatever the stand itself produces.
    package func inject(_ message: AccessoryMessage) {
        lock.withLock { _ in
            for connection in connections {
                try? connection.channel.write(all: WireFrame.encode(message, sequence: 0), timeoutMilliseconds: Self.writeTimeoutMilliseconds)
            }
        }
    }

    /// From now on every command is dropped: a stand that stopped answering.
    package func silence() {
        lock.withLock { _ in silenced = true }
    }

    // MARK: - The thread

    private func run() {
        let clock = ContinuousClock()
        var last = clock.now
        var owedTicks = 0.0
        var polls = PollSet()
        var buffer = [UInt8](repeating: 0, count: 8192)
        while running.load(ordering: .sequentiallyConsistent) {
            polls.removeAll()
            let wakerIndex = polls.add(waker.fileDescriptor)
            let (listenerIndex, channelIndexes) = lock.withLock { _ in
                (listener.map { polls.add($0.fileDescriptor) }, connections.map { polls.add($0.channel.fileDescriptor) })
            }
            _ = try? polls.wait(timeoutMilliseconds: 1)
            if polls.isReadable(wakerIndex) { waker.drain() }
            let now = clock.now
            // At most 10 ms of real time per turn: a stalled pump slows down, never bursts.
            let realSeconds = min((now - last).seconds, 0.010)
            last = now
            owedTicks += realSeconds * speed * 1000
            lock.withLock { _ in
                if let listenerIndex, polls.isReadable(listenerIndex) { acceptClients() }
                for (index, channelIndex) in channelIndexes.enumerated().reversed()
                where polls.isReadable(channelIndex) || polls.hasHungUp(channelIndex) {
                    read(connection: index, into: &buffer)
                }
                if stallSeconds > 0, stallFilter == nil {
                    sleepSeconds(stallSeconds)
                    stallSeconds = 0
                    last = clock.now
                }
                var stopped = false
                while owedTicks >= 1 {
                    guard !held || hub.awaitsReplies || ticks < runUntil, linkClock.advance() else {
                        stopped = true
                        break
                    }
                    owedTicks -= 1
                    virtual.tick()
                    hub.service(at: virtual.deadline)
                    ticks += 1
                    if let hook = tickHook, hook(virtual) { tickHook = nil }
                }
                // Time that could not run is not owed: no burst once it may.
                if stopped { owedTicks = min(owedTicks, 1) }
                flush()
                linkClock.wakeHostIfDue()
                resumeAdvanceWaiters()
            }
        }
        lock.withLock { _ in
            for connection in connections {
                hub.closeSession(connection.session, at: virtual.deadline)
                connection.channel.close()
            }
            connections.removeAll()
            listener?.close()
            listener = nil
        }
    }

    private func resumeAdvanceWaiters() {
        guard advanceWaiters.contains(where: { $0.tick <= ticks }) else { return }
        for waiter in advanceWaiters where waiter.tick <= ticks { waiter.continuation.resume() }
        advanceWaiters.removeAll { $0.tick <= ticks }
    }

    private func acceptClients() {
        while let client = try? listener?.accept() {
            let session = hub.openSession(label: "socket", at: virtual.deadline)
            connections.append(Connection(channel: client, session: session))
        }
    }

    private func read(connection index: Int, into buffer: inout [UInt8]) {
        let channel = connections[index].channel
        while true {
            let count: Int
            do {
                count = try channel.read(into: &buffer)
            } catch {
                hub.closeSession(connections[index].session, at: virtual.deadline)
                channel.close()
                connections.remove(at: index)
                return
            }
            guard count > 0 else { return }
            connections[index].partial += buffer[0..<count]
            while let end = connections[index].partial.firstIndex(of: 0) {
                let chunk = Array(connections[index].partial[...end])
                connections[index].partial.removeFirst(end + 1)
                deliver(chunk, to: connections[index].session)
            }
        }
    }

    /// One encoded frame with its delimiter: recorded, maybe dropped, else fed to the hub.
    private func deliver(_ chunk: [UInt8], to session: SessionID) {
        if chunk == [0] { lone0x00Count += 1 }
        if let (header, payload) = Self.decode(chunk) {
            let message = try? HostMessage.decode(messageID: header.messageID, payload: payload)
            seen.append(SeenCommand(header: header, message: message))
            if let message, let filter = stallFilter, filter(header, message) { stallFilter = nil }
            if let message, let filter = commandDrop, filter(header, message) {
                commandDrop = nil
                return
            }
            if silenced { return }
        }
        hub.receive(chunk, from: session, at: virtual.deadline)
    }

    private func flush() {
        for index in connections.indices.reversed() {
            var bytes = hub.takeOutput(for: connections[index].session)
            guard !bytes.isEmpty else { continue }
            if replyDrop != nil || telemetryDrop != nil { bytes = dropping(from: bytes) }
            do {
                try connections[index].channel.write(all: bytes, timeoutMilliseconds: Self.writeTimeoutMilliseconds)
            } catch where error.kind == .timedOut {
                // A host that has not read for that long: what did not fit is
                // lost, as the daemon loses it, and the session stays.
                writeTimeoutCount += 1
            } catch {
                // The peer closed. What it sent before closing (a BYE) is still
                // in the socket: deliver it first, as the daemon's poll loop would.
                let session = connections[index].session
                var scratch = [UInt8](repeating: 0, count: 4096)
                read(connection: index, into: &scratch)
                if let still = connections.firstIndex(where: { $0.session == session }) {
                    hub.closeSession(session, at: virtual.deadline)
                    connections[still].channel.close()
                    connections.remove(at: still)
                }
            }
        }
    }

    private func dropping(from bytes: [UInt8]) -> [UInt8] {
        var kept: [UInt8] = []
        var start = 0
        for (offset, byte) in bytes.enumerated() where byte == 0 {
            let chunk = Array(bytes[start...offset])
            start = offset + 1
            if let (header, payload) = Self.decode(chunk),
                let message = try? AccessoryMessage.decode(messageID: header.messageID, payload: payload)
            {
                if message.isReply, let filter = replyDrop, filter(header, message) {
                    replyDrop = nil
                    continue
                }
                if !message.isReply, let filter = telemetryDrop, filter(header, message) { continue }
            }
            kept += chunk
        }
        return kept + bytes[start...]
    }

    private static func decode(_ chunk: [UInt8]) -> (FrameHeader, [UInt8])? {
        var decoder = FrameDecoder()
        var decoded: (FrameHeader, [UInt8])?
        decoder.feed(chunk) { decoded = ($0.header, $0.payloadBytes()) }
        return decoded
    }
}

extension Duration {
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
