import SwivelPOSIX
import SwivelSync
package import SwivelPorts
import SwivelProtocol

/// Opens the link's channel: for each (re)connection attempt.
package typealias ChannelOpener = @Sendable () -> Result<any ByteChannel, SwivelKitError>

/// What a command's reply carries, once it is not an ERR.
enum LinkReply: Sendable {
    case identity(Identity)
    case ack(Ack.Body)
    /// SET_ORIENTATION and ANIMATE: the handle, registered for PROGRESS before anyone sees it.
    case move(MoveProgress)
}

/// A command from a caller to the link thread.
struct OutgoingCommand: Sendable {
    var message: HostMessage
    /// The docked session the caller's `StandSession` belongs to; nil for whichever is docked.
    var epoch: Int?
    var completion: @Sendable (Result<LinkReply, SwivelKitError>) -> Void
}

/// The side of the link callers see: a queue of commands into the link
/// thread, and what the link thread publishes (the docked session, system
/// tracking, dock and undock changes). The link thread (`LinkEngine`) owns the
/// channel and everything else.
final class LinkClient: Sendable {
    typealias Opener = ChannelOpener

    let endpoint: SwivelEndpoint
    /// Opens the endpoint; called for every (re)connection attempt.
    let open: Opener
    let clientName: String
    let timing: LinkTiming
    /// What `timing` is measured on; the wall clock but in tests.
    let clock: any LinkClock
    let waker: PollWaker

    private struct Inbox {
        var commands: [OutgoingCommand] = []
        /// Set by `stop`: whether to say BYE.
        var stopRequested: Bool?
        var exited = false
        var exitWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private struct SessionWaiter {
        var continuation: CheckedContinuation<Result<StandSession, SwivelKitError>, Never>
        var stopAtFirstFailure: Bool
    }

    private struct Session {
        /// Weak: the link thread must not keep a session alive (see `LinkLease`).
        weak var docked: StandSession?
        weak var lease: LinkLease?
        weak var slot: DockedSessionSlot?
        var systemTrackingEnabled = true
        var lastFailure: SwivelKitError?
        var closed = false
        var waiters: [Int: SessionWaiter] = [:]
        var nextWaiter = 0
    }

    private let inbox = PIMutex(Inbox())
    private let session = PIMutex(Session())
    /// Its lock also orders `session` updates against new subscribers' first element.
    private let stateChanges = Broadcast<StandSession.Change>()

    private init(
        endpoint: SwivelEndpoint, open: @escaping Opener, clientName: String, timing: LinkTiming, clock: any LinkClock,
        waker: PollWaker
    ) {
        self.endpoint = endpoint
        self.open = open
        self.clientName = clientName
        self.timing = timing
        self.clock = clock
        self.waker = waker
    }

    /// Starts the link thread, which connects at once and keeps reconnecting.
    /// - Parameters:
    ///   - open: how to reach `endpoint`; tests hand in one end of a socket pair.
    ///   - clock: what the link thread measures `timing` on; tests hand in their stand's virtual time.
    ///   - beforeStart: runs before the thread does, so what it sets up is there before the first dock.
    static func start(
        endpoint: SwivelEndpoint, open: Opener? = nil, clientName: String, timing: LinkTiming,
        clock: any LinkClock = WallLinkClock(), beforeStart: (LinkClient) -> Void = { _ in }
    ) throws(SwivelKitError) -> LinkClient {
        let waker: PollWaker
        do throws(PortError) {
            waker = try PollWaker()
        } catch {
            throw SwivelKitError(.transport, "cannot create the link thread's wake-up pipe: \(error)")
        }
        let client = LinkClient(
            endpoint: endpoint, open: open ?? opener(for: endpoint), clientName: clientName, timing: timing, clock: clock,
            waker: waker)
        beforeStart(client)
        // Its own thread: the loop blocks in poll(2), which on Swift's small
        // cooperative pool would starve the very tasks waiting for replies.
        // Nobody joins it: the loop ends by itself once asked to stop, and
        // `close()` awaits that end without blocking a thread.
        do {
            try POSIXThread.detach(name: "swivelkit-link") { LinkEngine(client: client).run() }
        } catch {
            throw SwivelKitError(.transport, "cannot start the link thread: pthread_create failed (\(error))")
        }
        return client
    }

    static func opener(for endpoint: SwivelEndpoint) -> Opener {
        {
            do throws(PortError) {
                switch endpoint {
                case .socket(let path): return .success(try UnixSocket.connect(path: path))
                case .serial(let path, let baudRate): return .success(try SerialPort.open(path: path, baudRate: baudRate))
                }
            } catch {
                return .failure(.connectionFailure(error, endpoint: endpoint))
            }
        }
    }

    // MARK: - Callers

    func send(_ message: HostMessage, epoch: Int?) async -> Result<LinkReply, SwivelKitError> {
        await withCheckedContinuation { continuation in
            enqueue(OutgoingCommand(message: message, epoch: epoch) { continuation.resume(returning: $0) })
        }
    }

    func enqueue(_ command: OutgoingCommand) {
        let accepted = inbox.withLock { inbox -> Bool in
            guard inbox.stopRequested == nil else { return false }
            inbox.commands.append(command)
            return true
        }
        guard accepted else {
            command.completion(.failure(SwivelKitError(.notConnected, "the connection was closed")))
            return
        }
        waker.wake()
    }

    var docked: StandSession? { session.withLock { $0.docked } }
    /// The lease of whoever still holds this link; nil once it is ending.
    var lease: LinkLease? { session.withLock { $0.lease } }

    /// The connection's lease and its hold on the docked session, both referenced weakly.
    func adopt(_ lease: LinkLease, slot: DockedSessionSlot) {
        session.withLock { session in
            session.lease = lease
            session.slot = slot
        }
    }
    var isSystemTrackingEnabled: Bool { session.withLock { $0.systemTrackingEnabled } }
    var lastFailure: SwivelKitError? { session.withLock { $0.lastFailure } }

    /// Every dock and undock from now on, starting with `.docked` when an
    /// session is docked already. The stream holds `lease` until it ends.
    func stateChangeStream(keepingAlive lease: LinkLease) -> AsyncStream<StandSession.Change> {
        stateChanges.stream(keepingAlive: lease) {
            session.withLock { session in
                session.docked.map {
                    [StandSession.Change(
                        kind: .docked, session: $0, byTrackingButton: false, isSystemTrackingEnabled: session.systemTrackingEnabled)]
                } ?? []
            }
        }
    }

    /// The docked session, once there is one. Fails after `timeout` with the
    /// last connection failure, or at the first failure when `stopAtFirstFailure`.
    func waitForSession(timeout: Duration, stopAtFirstFailure: Bool) async -> Result<StandSession, SwivelKitError> {
        let token = session.withLock { session -> Int in
            defer { session.nextWaiter += 1 }
            return session.nextWaiter
        }
        return await withCheckedContinuation { continuation in
            let immediate = session.withLock { session -> Result<StandSession, SwivelKitError>? in
                if let docked = session.docked { return .success(docked) }
                if session.closed { return .failure(SwivelKitError(.notConnected, "the connection was closed")) }
                // The first attempt may have failed before anyone waited.
                if stopAtFirstFailure, let failure = session.lastFailure { return .failure(failure) }
                session.waiters[token] = SessionWaiter(continuation: continuation, stopAtFirstFailure: stopAtFirstFailure)
                return nil
            }
            if let immediate {
                continuation.resume(returning: immediate)
                return
            }
            Task { [endpoint] in
                try? await Task.sleep(for: timeout)
                let expired = self.session.withLock { session -> (SessionWaiter, SwivelKitError?)? in
                    session.waiters.removeValue(forKey: token).map { ($0, session.lastFailure) }
                }
                guard let (waiter, failure) = expired else { return }
                waiter.continuation.resume(returning: .failure(
                    failure ?? SwivelKitError(.timedOut, "no stand docked at \(endpoint) within \(timeout)")))
            }
        }
    }

    /// Asks the link thread to end: BYE when `goodbye` and docked, then the channel closes.
    func stop(goodbye: Bool) {
        inbox.withLock { inbox in
            if inbox.stopRequested == nil { inbox.stopRequested = goodbye }
        }
        waker.wake()
    }

    /// `stop`, then waits for the link thread to end, without blocking a thread.
    func close(goodbye: Bool) async {
        stop(goodbye: goodbye)
        await withCheckedContinuation { continuation in
            let done = inbox.withLock { inbox -> Bool in
                if inbox.exited { return true }
                inbox.exitWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    // MARK: - The link thread

    var stopRequest: Bool? { inbox.withLock { $0.stopRequested } }

    func takeCommands() -> [OutgoingCommand] {
        inbox.withLock { inbox in
            defer { inbox.commands.removeAll() }
            return inbox.commands
        }
    }

    /// A handshake completed: `docked` is the new session.
    func publishDocked(_ docked: StandSession, systemTrackingEnabled: Bool) {
        var waiters: [SessionWaiter] = []
        stateChanges.yield {
            session.withLock { session in
                session.docked = docked
                session.slot?.set(docked)
                session.systemTrackingEnabled = systemTrackingEnabled
                session.lastFailure = nil
                waiters = Array(session.waiters.values)
                session.waiters.removeAll()
                return StandSession.Change(
                    kind: .docked, session: docked, byTrackingButton: false, isSystemTrackingEnabled: systemTrackingEnabled)
            }
        }
        for waiter in waiters { waiter.continuation.resume(returning: .success(docked)) }
    }

    func publishUndocked(_ ended: StandSession?) {
        stateChanges.yield {
            session.withLock { session in
                session.docked = nil
                session.slot?.set(nil)
                return StandSession.Change(
                    kind: .undocked, session: ended, byTrackingButton: false, isSystemTrackingEnabled: session.systemTrackingEnabled)
            }
        }
    }

    /// A connection attempt or handshake failed.
    func publishFailure(_ error: SwivelKitError) {
        let failed = session.withLock { session -> [SessionWaiter] in
            session.lastFailure = error
            let stopping = session.waiters.filter { $0.value.stopAtFirstFailure }
            for key in stopping.keys { session.waiters[key] = nil }
            return Array(stopping.values)
        }
        for waiter in failed { waiter.continuation.resume(returning: .failure(error)) }
    }

    /// DOCK_STATE or MOTION_STATE told system tracking's state; a change made
    /// by the stand's tracking button is a state change of its own (DOCK_STATE).
    func publishSystemTracking(_ enabled: Bool, fromTrackingButton: Bool) {
        stateChanges.yield {
            session.withLock { session -> StandSession.Change? in
                session.systemTrackingEnabled = enabled
                guard fromTrackingButton, let docked = session.docked else { return nil }
                return StandSession.Change(
                    kind: .docked, session: docked, byTrackingButton: true, isSystemTrackingEnabled: enabled)
            }
        }
    }

    /// The link thread is ending: no more state changes, no session to wait for.
    func publishExit() {
        let waiters = session.withLock { session -> [SessionWaiter] in
            session.closed = true
            session.docked = nil
            session.slot?.set(nil)
            defer { session.waiters.removeAll() }
            return Array(session.waiters.values)
        }
        for waiter in waiters { waiter.continuation.resume(returning: .failure(SwivelKitError(.notConnected, "the connection was closed"))) }
        stateChanges.finish()
        let (commands, exitWaiters) = inbox.withLock { inbox in
            inbox.exited = true
            defer {
                inbox.commands.removeAll()
                inbox.exitWaiters.removeAll()
            }
            return (inbox.commands, inbox.exitWaiters)
        }
        for command in commands { command.completion(.failure(SwivelKitError(.notConnected, "the connection was closed"))) }
        for waiter in exitWaiters { waiter.resume() }
    }
}
