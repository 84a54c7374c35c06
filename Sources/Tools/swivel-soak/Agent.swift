import SwivelProtocol
import SwivelToolSupport

/// One of the soak's sessions. It connects, docks, sends traffic for a random
/// lifetime, leaves and is replaced by a new one with a new style.
///
/// Styles: `steady` reads everything and waits for its replies before it says
/// BYE (a reading client: every command it sends is owed an answer); `chaotic`
/// talks before HELLO and hangs up without waiting; `silent` goes quiet past the
/// heartbeat timeout and talks again; `churn` connects and leaves within
/// moments, sometimes in the middle of a frame.
final class Agent {
    enum Style: String, CaseIterable {
        case steady, chaotic, silent, churn
    }

    enum Transport: String {
        case socket, serial
    }

    enum Phase {
        case idle(until: Int64)
        case handshake
        case active
        /// Saying nothing until then.
        case quiet(until: Int64)
        /// Waiting for the last replies (steady) before BYE.
        case leaving(since: Int64)
    }

    let index: Int
    let transport: Transport
    private(set) var style: Style = .steady
    private(set) var connection: Connection?
    private(set) var phase: Phase
    private var generator: TrafficGenerator
    private var nextSend: Int64 = 0
    private var lastSent: Int64 = 0
    private var lifetimeEnd: Int64 = 0
    private var wentQuiet = false
    var statistics: SoakStatistics

    init(index: Int, transport: Transport, generator: TrafficGenerator, statistics: SoakStatistics) {
        self.index = index
        self.transport = transport
        self.generator = generator
        self.statistics = statistics
        phase = .idle(until: 0)
    }

    var fileDescriptor: Int32 { connection?.fileDescriptor ?? -1 }

    /// Owed replies of a reading client are a promise; the others' are counted apart.
    var isReadingClient: Bool { style == .steady || style == .silent }

    // MARK: - Acting

    func act(now: Int64, paths: SoakPaths) {
        do {
            try step(now: now, paths: paths)
        } catch {
            // The daemon closed the connection or stopped reading: noted, then a new session.
            statistics.transportErrors[style.rawValue, default: 0] += 1
            statistics.lastTransportError = "\(transport) session (\(style)): \(error)"
            drop(now: now, closing: true)
        }
    }

    private func step(now: Int64, paths: SoakPaths) throws(ToolFailure) {
        switch phase {
        case .idle(let until):
            guard now >= until else { return }
            try begin(now: now, paths: paths)
        case .handshake:
            // IDENTITY settles it in `received`; a handshake that takes 2 s is a lost reply, counted there.
            if now - lastSent > 2_000_000_000 { try sendHello(now: now) }
        case .active:
            if now >= lifetimeEnd {
                try leave(now: now)
            } else if style == .silent && !wentQuiet && now >= lifetimeEnd - 2_500_000_000 && (connection?.owed.isEmpty ?? true) {
                wentQuiet = true
                phase = .quiet(until: now + Int64(generator.uniform(1.3...2.0) * 1e9))
            } else if now >= nextSend {
                try sendNext(now: now)
            } else if now - lastSent >= 250_000_000 {
                try send(.command(.heartbeat), now: now)
            }
        case .quiet(let until):
            guard now >= until else { return }
            // Undocked by now: the next command is refused notConnected, then a new HELLO docks it again.
            phase = .handshake
            try send(.command(.getState), now: now)
            try sendHello(now: now)
        case .leaving(let since):
            guard let connection else { return }
            if connection.owed.isEmpty || now - since > 2_000_000_000 {
                if isReadingClient {
                    _ = try wrap { try connection.send(.bye, now: now) }
                    statistics.commandsSent += 1
                }
                drop(now: now)
            }
        }
    }

    private func begin(now: Int64, paths: SoakPaths) throws(ToolFailure) {
        style = chooseStyle()
        wentQuiet = false
        let opened: Connection
        do {
            // The serial line stays open from one host to the next, as a UART does.
            if let kept = connection {
                opened = kept
            } else {
                opened = transport == .serial ? try Connection.serial(paths.serial) : try Connection.socket(paths.socket)
            }
        } catch {
            statistics.connectFailures += 1
            statistics.lastTransportError = "connect: \(error)"
            phase = .idle(until: now + 200_000_000)
            return
        }
        connection = opened
        statistics.sessionsOpened[style.rawValue, default: 0] += 1
        let seconds: ClosedRange<Double> = switch style {
        case .steady: 3...40
        case .chaotic: 1...10
        case .silent: 4...12
        case .churn: 0.05...0.6
        }
        lifetimeEnd = now + Int64(generator.uniform(seconds) * 1e9)
        // A fresh connection (or a serial line whose last host left) starts with a 0x00.
        try wrap { try opened.write([0]) }
        if style == .chaotic || (style == .churn && generator.chance(0.3)) {
            try send(.command(.getState), now: now)  // before HELLO: notConnected
        }
        if style == .churn && generator.chance(0.3) {
            // Hang up in the middle of a frame.
            let frame = WireFrame.encode(.heartbeat, sequence: 1)
            try wrap { try opened.write(Array(frame.prefix(3))) }
            drop(now: now)
            return
        }
        try sendHello(now: now)
    }

    private func chooseStyle() -> Style {
        if transport == .serial { return generator.options.allows(.silence) && generator.chance(0.3) ? .silent : .steady }
        var styles: [Style] = [.steady, .steady, .chaotic]
        if transport == .socket && generator.options.allows(.churn) { styles.append(.churn) }
        if generator.options.allows(.silence) { styles.append(.silent) }
        return generator.pick(styles)
    }

    private func sendHello(now: Int64) throws(ToolFailure) {
        phase = .handshake
        try send(.command(.hello(Hello(clientName: "soak-\(index)-\(style)"))), now: now)
    }

    private func sendNext(now: Int64) throws(ToolFailure) {
        let interval: ClosedRange<Double> = style == .churn ? 0.01...0.05 : 0.02...0.15
        nextSend = now + Int64(generator.uniform(interval) * 1e9)
        try send(generator.next(), now: now)
    }

    private func send(_ outgoing: Outgoing, now: Int64) throws(ToolFailure) {
        guard let connection else { return }
        lastSent = now
        switch outgoing {
        case .command(let message):
            let sequence = try wrap { try connection.send(message, now: now) }
            statistics.commandsSent += 1
            if message != .heartbeat { statistics.note("session \(index) (\(style)) seq \(sequence): \(MessageText.describe(message))", at: now) }
        case .frame(let version, let id, let payload):
            statistics.note("session \(index) (\(style)): frame v\(version) id 0x\(String(id, radix: 16)), \(payload.count) bytes", at: now)
            let sequence = connection.takeSequence()
            guard let frame = try? FrameEncoder.encode(FrameHeader(version: version, sequence: sequence, messageID: id), payload: payload) else { return }
            try wrap { try connection.sendFrame(frame, id: id, sequence: sequence, now: now) }
            statistics.commandsSent += 1
        case .garbage(let bytes):
            try wrap { try connection.sendGarbage(bytes) }
            statistics.garbageSent += 1
        case .retransmit:
            try wrap { try connection.retransmit(now: now) }
            statistics.retransmissions += 1
        case .helloAgain:
            // HELLO clears the reply cache; wait until nothing is owed, so no answer is owed across it.
            guard connection.owed.isEmpty else { return }
            _ = try wrap { try connection.send(.hello(Hello(clientName: "soak-\(index)-again")), now: now) }
            statistics.commandsSent += 1
        }
    }

    private func leave(now: Int64) throws(ToolFailure) {
        if isReadingClient {
            phase = .leaving(since: now)
        } else {
            drop(now: now)
        }
    }

    /// Closes the transport (a serial line stays open unless `closing`); what is
    /// still owed is owed to nobody.
    func drop(now: Int64, closing: Bool = false) {
        guard let connection else { return }
        if !isReadingClient { statistics.abandoned += connection.owed.count }
        connection.forgetOwed()
        if transport == .socket || closing {
            statistics.undecodable += connection.undecodable
            statistics.framesDropped += connection.framesDropped
            connection.close()
            self.connection = nil
        }
        phase = .idle(until: now + Int64(generator.uniform(0.05...0.5) * 1e9))
    }

    // MARK: - Reading

    func receive(now: Int64) {
        guard let connection else { return }
        do {
            let messages = try wrap { try connection.receive() }
            for (_, message) in messages {
                switch message {
                case .identity:
                    if case .handshake = phase {
                        phase = .active
                        nextSend = now
                    }
                case .ack: statistics.acks += 1
                case .error(let error): statistics.errors[error.code.description, default: 0] += 1
                default: break
                }
            }
        } catch {
            statistics.transportErrors[style.rawValue, default: 0] += 1
            statistics.lastTransportError = "\(transport) session (\(style)): \(error)"
            drop(now: now, closing: true)
        }
    }

    /// A reading client's reply more than 2 s late is a broken promise; the others' are noted.
    func audit(now: Int64) {
        guard let connection else { return }
        let overdue = connection.takeOverdue(olderThan: 2_000_000_000, now: now)
        guard overdue > 0 else { return }
        if isReadingClient { statistics.unanswered += overdue } else { statistics.abandoned += overdue }
    }

    /// At the end: reading clients wait for their replies, then everyone leaves.
    func finish(now: Int64) {
        if let connection, isReadingClient, connection.owed.isEmpty, case .active = phase {
            _ = try? connection.send(.bye, now: now)
        }
        drop(now: now, closing: true)
    }
}

/// A PortError as the soak's failure, so `throws(ToolFailure)` need not name SwivelPorts everywhere.
func wrap<T>(_ body: () throws -> T) throws(ToolFailure) -> T {
    do {
        return try body()
    } catch {
        throw ToolFailure("\(error)")
    }
}
