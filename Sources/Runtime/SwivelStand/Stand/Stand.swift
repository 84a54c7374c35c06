public import SwivelBoard
import SwivelCore
import Synchronization
import SwivelSync

/// The stand as every thread but the loop's sees it: the mailbox commands go
/// in through, the status the engine publishes, and the halt request. Safe
/// anywhere. The motion itself is a `StandEngine`, which only the loop thread
/// holds (`Stand.make` builds both; `RealtimeLoop(periodNanoseconds:clock:running:)`
/// takes the engine).
public final class Stand: Sendable {
    public let board: Board
    public let periodNanoseconds: Int64
    /// Steps are planned for the period starting this far after the tick's
    /// deadline, so a wake-up up to one period late never makes them late.
    public let leadNanoseconds: Int64
    public let mailbox: CommandMailbox
    /// The longest a halt can take: the slowest axis decelerating from its top
    /// speed. Fixed at init, so other threads can read it while the loop runs.
    public let worstCaseStopSeconds: Double

    private let published: PIMutex<StandStatus>
    private let haltRequested = Atomic(false)
    private let haltedFlag = Atomic(false)
    private let ticksStarted = Atomic<Int64>(0)
    private let haltRequestTick = Atomic<Int64>(-1)
    private let haltSeenTick = Atomic<Int64>(-1)

    init(board: Board, mailbox: CommandMailbox, worstCaseStopSeconds: Double, initial: StandStatus) {
        self.board = board
        periodNanoseconds = Self.periodNanoseconds(of: board)
        leadNanoseconds = Self.leadNanoseconds(of: board)
        self.mailbox = mailbox
        self.worstCaseStopSeconds = worstCaseStopSeconds
        published = PIMutex(initial)
    }

    /// A board turned into a running stand: the handle, for every thread, and
    /// the engine, for the one thread that ticks it.
    /// - Parameter playDemo: run the demo until a host command arrives (the simulated board with no host).
    public static func make(
        board: Board, hardware: StandHardware, playDemo: Bool, mailboxCapacity: Int = 64
    ) throws(StandSetupError) -> (stand: Stand, engine: StandEngine) {
        let engine = try StandEngine(board: board, hardware: hardware, playDemo: playDemo, mailboxCapacity: mailboxCapacity)
        return (engine.stand, engine)
    }

    static func periodNanoseconds(of board: Board) -> Int64 { 1_000_000_000 / Int64(board.loopRateHz) }

    /// One period: steps planned that far ahead are never late for a wake-up up to a period late.
    static func leadNanoseconds(of board: Board) -> Int64 { periodNanoseconds(of: board) }

    /// The status the engine last published.
    public func status() -> StandStatus { published.withLock { $0 } }

    /// Asks the stand to decelerate to rest and then disable its drivers.
    /// Commands that arrive after this are refused. Safe from any thread,
    /// a signal-collecting one included: two atomic operations, no lock.
    public func requestHalt() {
        // Sequentially consistent, paired with the tick's `markTickStarted` then
        // `haltIsRequested`: either that tick sees the request, or this load sees
        // the tick started, so the tick seeing it is at most one after `requestTick`.
        haltRequested.store(true, ordering: .sequentiallyConsistent)
        let tick = ticksStarted.load(ordering: .sequentiallyConsistent)
        _ = haltRequestTick.compareExchange(expected: -1, desired: tick, ordering: .relaxed)
    }

    /// How soon the loop acted on the first halt request, in ticks: it came
    /// while tick `requestedDuringTick` ran (or after it), and
    /// `stoppingFromTick` was the first to command the stop, at most one
    /// later. Its steps begin a lead (one period) after its deadline, so the
    /// outputs change within two periods of the request. nil before both.
    public var haltReaction: (requestedDuringTick: Int64, stoppingFromTick: Int64)? {
        let requested = haltRequestTick.load(ordering: .relaxed)
        let seen = haltSeenTick.load(ordering: .acquiring)
        guard requested >= 0, seen >= 0 else { return nil }
        return (requested, seen)
    }

    /// Stopped and disabled; safe to stop the loop and exit.
    public var isHalted: Bool { haltedFlag.load(ordering: .acquiring) }

    // MARK: - The engine's side

    var haltIsRequested: Bool { haltRequested.load(ordering: .sequentiallyConsistent) }

    /// At the start of each tick, before it reads the halt request (counted from 1).
    func markTickStarted(_ index: Int64) { ticksStarted.store(index, ordering: .sequentiallyConsistent) }

    func markHaltSeen(atTick index: Int64) { haltSeenTick.store(index, ordering: .releasing) }

    func markHalted() { haltedFlag.store(true, ordering: .releasing) }

    /// From the tick: never waits for a reader; a skipped publish is replaced a period later.
    func publishIfFree(_ status: StandStatus) { _ = published.withLockIfAvailable { $0 = status } }

    /// Outside the tick (setup, after the loop), where waiting delays nobody.
    func publish(_ status: StandStatus) { published.withLock { $0 = status } }
}
