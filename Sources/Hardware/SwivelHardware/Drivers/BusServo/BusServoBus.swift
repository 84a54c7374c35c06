import Synchronization

/// One chain of serial bus servos on one UART: each exchange writes every
/// servo's goal in one SYNC_WRITE packet and reads every servo's state with
/// one SYNC_READ, then publishes what came back through the servos' slots.
///
/// On a real UART the exchanges run on the bus's own thread at the board's
/// update rate (a reply takes a turnaround of hundreds of microseconds, which
/// the tick must never wait for); on a device that answers at once (a
/// simulated chain in virtual time) they run inside the tick's encoder
/// update, at the same rate of the stand's clock. Either way the tick only
/// touches atomics.
public final class BusServoBus: @unchecked Sendable {
    public let device: any ByteDevice
    public let codec: any BusServoCodec
    public let periodNanoseconds: Int64
    /// How long an exchange waits for a reply: the bytes at the baud rate,
    /// plus the servo's turnaround and the adapter's latency.
    public let replyTimeoutNanoseconds: Int64
    public private(set) var slots: [BusServoSlot] = []

    /// Exchanges run, and bytes that framed no reply.
    let exchangeCount = Atomic<UInt64>(0)
    let corruptByteCount = Atomic<UInt64>(0)
    public var exchanges: UInt64 { exchangeCount.load(ordering: .relaxed) }
    public var corruptBytes: UInt64 { corruptByteCount.load(ordering: .relaxed) }
    let stopRequested = Atomic<Bool>(false)

    // The exchanging side's own state: the bus thread, or the tick inline.
    private var packet: [UInt8] = []
    private var scratch: [UInt8] = []
    private var received: [UInt8] = []
    private var parameters: [UInt8] = []
    private var readBuffer: UnsafeMutableRawBufferPointer
    private var goalIDs: [UInt8] = []
    private var goalCounts: [Int32] = []
    private var stateIDs: [UInt8] = []
    private var torqueWritten: [Bool?] = []
    private var nextExchange: MonotonicInstant?

    public init(device: any ByteDevice, codec: any BusServoCodec, updateRateHz: Int, baudRate: Int) {
        self.device = device
        self.codec = codec
        periodNanoseconds = 1_000_000_000 / Int64(max(updateRateHz, 1))
        // A 30-byte reply at 10 bits a byte, plus 2 ms of turnaround and USB latency.
        replyTimeoutNanoseconds = 300 * 1_000_000_000 / Int64(max(baudRate, 1)) + 2_000_000
        readBuffer = .allocate(byteCount: 256, alignment: 1)
        packet.reserveCapacity(1024)
        scratch.reserveCapacity(1024)
        received.reserveCapacity(1024)
        parameters.reserveCapacity(1024)
    }

    deinit { readBuffer.deallocate() }

    /// Adds a servo; setup only, before the first exchange.
    public func addServo(id: UInt8) -> BusServoSlot {
        let slot = BusServoSlot(id: id)
        slots.append(slot)
        torqueWritten.append(nil)
        goalIDs.reserveCapacity(slots.count)
        goalCounts.reserveCapacity(slots.count)
        stateIDs.reserveCapacity(slots.count)
        return slot
    }

    /// Runs an exchange if one is due at `now` (inline mode: the tick's encoder update).
    public func exchangeIfDue(at now: MonotonicInstant) {
        if let next = nextExchange, now < next { return }
        let base = nextExchange ?? now
        var next = base.advanced(byNanoseconds: periodNanoseconds)
        if next <= now { next = now.advanced(byNanoseconds: periodNanoseconds) }
        nextExchange = next
        exchange()
    }

    /// The bus thread's loop: one exchange a period at absolute deadlines; an
    /// exchange that overruns skips to the next deadline ahead.
    public func run(clock: any MonotonicClock, sleep: (MonotonicInstant) -> Void) {
        var deadline = clock.now()
        while !stopRequested.load(ordering: .acquiring) {
            exchange()
            deadline = deadline.advanced(byNanoseconds: periodNanoseconds)
            let now = clock.now()
            if now > deadline {
                let behind = now.nanoseconds(since: deadline) / periodNanoseconds + 1
                deadline = deadline.advanced(byNanoseconds: behind * periodNanoseconds)
            }
            sleep(deadline)
        }
    }

    public func requestStop() { stopRequested.store(true, ordering: .releasing) }

    /// One exchange: torque changes, the goals, the states.
    public func exchange() {
        exchangeCount.add(1, ordering: .relaxed)
        device.discardInput()
        for (index, slot) in slots.enumerated() {
            let wanted = slot.torqueWanted.load(ordering: .acquiring)
            guard torqueWritten[index] != wanted else { continue }
            // Torque comes on only once the servo holds a goal of ours (written just before).
            if wanted, slot.hasGoal.load(ordering: .acquiring) { writeGoals(only: index) }
            if (try? codec.encodeTorque(id: slot.id, on: wanted, into: &packet)) != nil, send(), awaitReply(for: slot) != nil {
                torqueWritten[index] = wanted
            }
        }
        writeGoals(only: nil)
        readStates()
    }

    /// SYNC_WRITE of the goals of the servos whose torque is on (or of one).
    private func writeGoals(only index: Int?) {
        goalIDs.removeAll(keepingCapacity: true)
        goalCounts.removeAll(keepingCapacity: true)
        for (i, slot) in slots.enumerated() where index.map({ $0 == i }) ?? (torqueWritten[i] == true) {
            guard slot.hasGoal.load(ordering: .acquiring) else { continue }
            goalIDs.append(slot.id)
            goalCounts.append(slot.goalCounts.load(ordering: .relaxed))
        }
        guard !goalIDs.isEmpty else { return }
        if (try? codec.encodeGoals(ids: goalIDs, counts: goalCounts, into: &packet, scratch: &scratch)) != nil {
            _ = send()
        }
    }

    /// SYNC_READ of every servo's present state; each reply published as it comes.
    private func readStates() {
        stateIDs.removeAll(keepingCapacity: true)
        for slot in slots { stateIDs.append(slot.id) }
        guard !stateIDs.isEmpty, (try? codec.encodeStateRead(ids: stateIDs, into: &packet)) != nil, send() else {
            for slot in slots { missed(slot) }
            return
        }
        for slot in slots {
            guard let flags = awaitReply(for: slot), let state = codec.decodeState(parameters) else {
                missed(slot)
                continue
            }
            var errors = flags.flags
            if flags.needsHardwareStatus, (try? codec.encodeHardwareStatusRead(id: slot.id, into: &packet)) != nil, send(),
               awaitReply(for: slot) != nil {
                errors.formUnion(codec.decodeHardwareStatus(parameters))
            }
            slot.presentCounts.store(state.positionCounts, ordering: .relaxed)
            slot.velocityCountsPerSecond.store(state.velocityCountsPerSecond, ordering: .relaxed)
            slot.temperatureCelsius.store(Int32(state.temperatureCelsius), ordering: .relaxed)
            slot.errorFlags.store(errors.rawValue, ordering: .relaxed)
            slot.missedInARow.store(0, ordering: .relaxed)
            slot.goodReplies.add(1, ordering: .releasing)
        }
    }

    private func missed(_ slot: BusServoSlot) {
        slot.missedReplies.add(1, ordering: .relaxed)
        slot.missedInARow.add(1, ordering: .relaxed)
    }

    /// Writes `packet`; a wiring without direction control echoes it back,
    /// which `awaitReply` drops.
    private func send() -> Bool {
        received.removeAll(keepingCapacity: true)
        return packet.withUnsafeBytes { bytes in (try? device.write(bytes)) != nil }
    }

    /// Reads until a reply from `slot` decodes (its parameters in `parameters`),
    /// or the reply timeout passes. A reply from another servo, garbage or an
    /// echo is skipped.
    private func awaitReply(for slot: BusServoSlot) -> (flags: BusServoErrorFlags, needsHardwareStatus: Bool)? {
        var start = 0
        var waited: Int64 = 0
        let slice = replyTimeoutNanoseconds / 4
        while true {
            if case .complete(let length) = BusServoEcho.scan(received: received, from: start, written: packet) {
                start += length
            }
            switch codec.decodeReply(received, from: start, parameters: &parameters) {
            case .status(let id, let flags, let detail, let end):
                let consumed = end
                received.removeFirst(min(consumed, received.count))
                start = 0
                if id == slot.id { return (flags, detail) }
                continue
            case .corrupt(let resume):
                corruptByteCount.add(UInt64(max(resume - start, 1)), ordering: .relaxed)
                start = resume
                continue
            case .incomplete(let resume):
                start = resume
            }
            guard waited < replyTimeoutNanoseconds else { return nil }
            let count: Int
            do {
                count = try device.read(into: readBuffer, timeoutNanoseconds: device.repliesAreImmediate ? 0 : slice)
            } catch {
                return nil
            }
            if count == 0 {
                if device.repliesAreImmediate { return nil }
                waited += slice
            } else {
                received.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            }
        }
    }
}
