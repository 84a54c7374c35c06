public import SwivelCore
import SwivelSync

/// Identifies one posted command so its reply can be collected.
public struct CommandTicket: Hashable, Sendable {
    public let value: UInt64
}

/// The only way commands reach the real-time loop: a bounded queue in, a bounded
/// queue of replies out.
///
/// Any thread may post. The loop thread never waits on these locks: it only
/// tries them, and a tick that finds one held simply picks the work up on the
/// next tick (1 ms later). Replies it could not hand over wait in a buffer the
/// loop thread owns.
public final class CommandMailbox: Sendable {
    public typealias Reply = Result<CommandReply, SwivelError>

    struct Posted: Sendable {
        var ticket: CommandTicket
        var command: MotionCommand
    }

    struct Answered: Sendable {
        var ticket: CommandTicket
        var reply: Reply
    }

    private struct Inbox: ~Copyable {
        var queue: FixedRing<Posted>
        var nextTicket: UInt64 = 1
    }

    private let inbox: PIMutex<Inbox>
    private let outbox: PIMutex<FixedRing<Answered>>
    /// Owned by the loop thread: replies not yet handed over.
    private let pending: PIMutex<FixedRing<Answered>>
    public let capacity: Int

    public init(capacity: Int = 64) {
        self.capacity = capacity
        inbox = PIMutex(Inbox(queue: FixedRing(capacity: capacity)))
        outbox = PIMutex(FixedRing(capacity: capacity * 2))
        pending = PIMutex(FixedRing(capacity: capacity * 2))
    }

    /// Queues `command` for the next tick. Fails with `busy` when the queue is full.
    public func post(_ command: MotionCommand) throws(SwivelError) -> CommandTicket {
        let ticket: CommandTicket? = inbox.withLock { box in
            let ticket = CommandTicket(value: box.nextTicket)
            guard box.queue.push(Posted(ticket: ticket, command: command)) else { return nil }
            box.nextTicket += 1
            return ticket
        }
        guard let ticket else { throw SwivelError(.busy, .mailboxFull) }
        return ticket
    }

    /// The reply to `ticket`, once the loop has produced it; nil until then.
    /// Replies not collected are dropped, oldest first, when the outbox is full.
    public func takeReply(_ ticket: CommandTicket) -> Reply? {
        outbox.withLock { ring in
            var found: Reply?
            for _ in 0..<ring.count {
                guard let answered = ring.pop() else { break }
                if found == nil, answered.ticket == ticket {
                    found = answered.reply
                } else {
                    _ = ring.push(answered)
                }
            }
            return found
        }
    }

    /// The replies to any of `tickets` the loop has produced, in one pass under
    /// one lock (a caller with many commands in flight holds the lock once, not
    /// once per ticket). Replies to other tickets stay for their own callers.
    public func takeReplies(for tickets: Set<CommandTicket>) -> [CommandTicket: Reply] {
        guard !tickets.isEmpty else { return [:] }
        return outbox.withLock { ring in
            var found: [CommandTicket: Reply] = [:]
            for _ in 0..<ring.count {
                guard let answered = ring.pop() else { break }
                if tickets.contains(answered.ticket) {
                    found[answered.ticket] = answered.reply
                } else {
                    _ = ring.push(answered)
                }
            }
            return found
        }
    }

    // MARK: - Loop thread side

    /// Takes the next posted command, if the lock is free and one is waiting.
    func nextCommand() -> Posted? {
        inbox.withLockIfAvailable { $0.queue.pop() } ?? nil
    }

    /// Records a reply; `flushReplies` hands it over.
    func answer(_ ticket: CommandTicket, _ reply: Reply) {
        pending.withLock { waiting in
            if !waiting.push(Answered(ticket: ticket, reply: reply)) {
                // Nobody has collected replies for 2×capacity commands; drop the oldest.
                _ = waiting.pop()
                _ = waiting.push(Answered(ticket: ticket, reply: reply))
            }
        }
    }

    /// Hands over whatever replies the outbox lock allows; once per tick.
    func flushReplies() {
        pending.withLock { waiting in
            guard !waiting.isEmpty else { return }
            _ = outbox.withLockIfAvailable { ring in
                while let answered = waiting.pop() {
                    if ring.isFull { _ = ring.pop() }
                    _ = ring.push(answered)
                }
            }
        }
    }
}

/// A first-in first-out queue with a capacity fixed at init. Pushing and
/// popping never allocate, so the real-time thread may use it.
struct FixedRing<Element> {
    private var slots: ContiguousArray<Element?>
    private var head = 0
    private(set) var count = 0

    init(capacity: Int) {
        slots = ContiguousArray(repeating: nil, count: max(capacity, 1))
    }

    var capacity: Int { slots.count }
    var isEmpty: Bool { count == 0 }
    var isFull: Bool { count == slots.count }

    /// False (and nothing stored) when full.
    mutating func push(_ element: Element) -> Bool {
        guard count < slots.count else { return false }
        slots[(head + count) % slots.count] = element
        count += 1
        return true
    }

    mutating func pop() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        return element
    }
}
