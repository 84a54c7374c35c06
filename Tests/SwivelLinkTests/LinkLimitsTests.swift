import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 10 §3, in virtual time: one client must never starve the others.
@Suite struct LinkSlowConsumerTests {
    /// A host that floods commands and never reads: it is not read past the
    /// pause mark (so its queue stays bounded), it is not undocked for a
    /// "silence" the hub caused, and it is closed as a slow consumer; another
    /// session is answered throughout.
    @Test func aFloodThatIsNeverReadStaysBoundedAndIsClosed() throws {
        let h = try LinkHarness()
        var events: [String] = []
        h.hub.onSessionEvent = { events.append($0) }
        let flooder = h.connect(label: "socket", transport: .socket)
        h.unread.insert(flooder)
        h.send(.hello(Hello(clientName: "flooder")), from: flooder)
        h.step()
        #expect(h.hub.isDocked(flooder))
        let watcher = h.dockedSession(name: "watcher")

        var largestQueue = 0
        var pausedAt: Int?
        var closedAt: Int?
        var sequence: UInt16 = 1000
        for tick in 1...3000 {
            // As the link thread does: 8 frames at a time, and only while the hub takes them.
            for _ in 0..<12 where h.hub.acceptsInput(from: flooder) {
                var burst: [UInt8] = []
                for _ in 0..<8 {
                    sequence &+= 1
                    burst += WireFrame.encode(.getState, sequence: sequence)
                }
                h.hub.receive(burst, from: flooder, at: h.now)
            }
            if !h.hub.acceptsInput(from: flooder), pausedAt == nil { pausedAt = tick }
            h.step()
            largestQueue = max(largestQueue, h.hub.queuedOutputBytes(for: flooder))
            if tick % 100 == 0 { #expect(h.call(.heartbeat, on: watcher)?.isAck == true, "tick \(tick)") }
            if !h.hub.sessionIDs.contains(flooder) {
                closedAt = tick
                break
            }
        }
        #expect(pausedAt != nil && pausedAt! < 100, "paused at \(String(describing: pausedAt))")
        #expect(largestQueue <= h.hub.configuration.outputCapacityBytes)
        #expect(largestQueue < h.hub.configuration.pauseInputBytes + 4096, "\(largestQueue) bytes queued")
        // Closed once its peer had read nothing for the 2 s timeout, not undocked for silence before.
        let closed = try #require(closedAt)
        #expect(closed > 1900 && closed < 2200, "closed at tick \(closed)")
        #expect(h.hub.statistics.heartbeatTimeouts == 0)
        #expect(h.hub.statistics.slowConsumers == 1)
        #expect(events.contains { $0.contains("undocked from socket: slow consumer: its peer read none of") })
        let reasons = h.transportRequests.compactMap { request -> String? in
            if case .close(flooder, let reason) = request { return reason }
            return nil
        }
        #expect(reasons.count == 1)
        #expect(reasons.first?.hasPrefix("slow consumer") == true)
        #expect(h.hub.isDocked(watcher))
    }

    /// A socket host that docks and does not read for a while (a test docking
    /// 50 sessions one by one, a paused app) is not a slow consumer until its
    /// queue is full; then it is, 2 s later.
    @Test func aSocketHostIsASlowConsumerOnlyOnceItsQueueIsFull() throws {
        let h = try LinkHarness(maximumQueuedBytes: 4096)
        let id = h.connect(label: "socket", transport: .socket)
        guard case .identity? = h.call(.hello(Hello(clientName: "paused")), on: id) else {
            Issue.record("no IDENTITY")
            return
        }
        h.keepAlive.insert(id)
        h.unread.insert(id)
        var fullAt: Int?
        var closedAt: Int?
        for tick in 1...6000 where closedAt == nil {
            h.step()
            if fullAt == nil, h.hub.queuedOutputBytes(for: id) >= 4096 { fullAt = tick }
            if !h.hub.sessionIDs.contains(id) { closedAt = tick }
        }
        let full = try #require(fullAt, "the queue never filled")
        let closed = try #require(closedAt, "never closed")
        // Unread from the start, but telemetry took seconds to fill it: not closed 2 s in.
        #expect(full > 1000, "full at tick \(full)")
        #expect(closed - full > 1990 && closed - full < 2100, "full at \(full), closed at \(closed)")
        #expect(h.transportRequests.contains { if case .close(id, let reason) = $0 { reason.hasPrefix("slow consumer") } else { false } })
        #expect(h.hub.statistics.slowConsumers == 1)
    }

    /// A serial port outlives its hosts: a peer that stops reading loses what
    /// was queued for it (and the pty is asked to drop what it holds), not the port.
    @Test func aSerialPeerThatStopsReadingLosesItsOutputNotItsPort() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        h.unread.insert(id)
        h.run(seconds: 1.9)
        #expect(h.hub.queuedOutputBytes(for: id) > 2000, "50 Hz telemetry waits")
        #expect(h.transportRequests.isEmpty)
        h.run(seconds: 0.2)
        #expect(h.transportRequests == [.discardPending(id)])
        #expect(h.hub.statistics.slowConsumers == 1)
        #expect(h.hub.queuedOutputBytes(for: id) < 500)
        #expect(h.hub.sessionIDs.contains(id))
        #expect(h.hub.isDocked(id), "its heartbeats still arrive")
        // A host that reads again gets what came since.
        h.unread.remove(id)
        #expect(h.call(.heartbeat, on: id)?.isAck == true)
    }

    /// Telemetry alone never pauses a session: only replies can fill it to the pause mark.
    @Test func telemetryAloneNeverPausesInput() throws {
        let h = try LinkHarness(maximumQueuedBytes: 1024)
        let id = h.dockedSession()
        h.unread.insert(id)
        h.run(seconds: 1.5)
        #expect(h.hub.queuedOutputBytes(for: id) <= 1024 + 200)
        #expect(h.hub.acceptsInput(from: id))
    }
}

@Suite struct LinkReplyTests {
    /// Issue 10 §3: replies were lost when the link thread fell behind the loop
    /// (the mailbox keeps 128 replies and dropped the oldest). Three ticks pass
    /// while three hosts send 40 STOPs each per tick and the hub collects
    /// nothing: every command still gets exactly one reply (ACK, or ERR busy).
    @Test func everyCommandIsAnsweredWhenTheLinkFallsBehindTheLoop() throws {
        let h = try LinkHarness()
        let hosts = (0..<3).map { h.dockedSession(name: "host \($0)") }
        var sent: [SessionID: [UInt16]] = [:]
        var sequence: UInt16 = 5000
        for _ in 0..<3 {
            for id in hosts {
                var burst: [UInt8] = []
                for _ in 0..<40 {
                    sequence &+= 1
                    sent[id, default: []].append(sequence)
                    burst += WireFrame.encode(.stop, sequence: sequence)
                }
                h.hub.receive(burst, from: id, at: h.now)
            }
            h.virtual.tick()
        }
        h.run(seconds: 0.05)
        var acknowledged = 0, busy = 0
        for id in hosts {
            for seq in sent[id] ?? [] {
                let replies = h.replies(to: seq, on: id)
                #expect(replies.count == 1, "seq \(seq) on \(id): \(replies)")
                if replies.first?.isAck == true { acknowledged += 1 }
                if replies.first?.errorCode == .busy { busy += 1 }
            }
        }
        #expect(acknowledged + busy == 360)
        #expect(acknowledged > 0 && busy > 0)
        #expect(h.hub.awaitsReplies == false, "nothing left waiting in the mailbox")
    }
}

@Suite struct LinkSessionLimitTests {
    static func refusal(_ message: AccessoryMessage?) -> ErrorReply? {
        if case .error(let error)? = message { return error }
        return nil
    }

    @Test func aSocketSessionOverTheLimitIsAnsweredBusyAndClosed() throws {
        let h = try LinkHarness(maximumSessions: 2)
        let serial = h.dockedSession(name: "serial host")
        let first = h.connect(label: "socket", transport: .socket)
        let second = h.connect(label: "socket", transport: .socket)
        let third = h.connect(label: "socket", transport: .socket)
        #expect(h.hub.statistics.sessionsRefused == 1)
        #expect(h.hub.statistics.sessionsOpen == 3, "the serial session and two sockets")
        let seq = h.send(.hello(Hello(clientName: "third")), from: third)
        let error = try #require(Self.refusal(h.replies(to: seq, on: third).first))
        #expect(error.code == .busy)
        #expect(error.commandID == MessageID.hello.rawValue)
        #expect(error.reason == "this stand has 2 socket sessions open, its limit: close one and connect again")
        #expect(!h.hub.sessionIDs.contains(third))
        #expect(h.transportRequests.contains { if case .close(third, let reason) = $0 { reason.hasPrefix("refused: ") } else { false } })
        // The admitted ones, and the serial link, are served as ever.
        for id in [first, second, serial] {
            guard case .identity? = h.call(.hello(Hello(clientName: "ok")), on: id) else {
                Issue.record("no IDENTITY on \(id)")
                continue
            }
        }
        // Room again once one leaves.
        h.hub.closeSession(first, at: h.now)
        let fourth = h.connect(label: "socket", transport: .socket)
        guard case .identity? = h.call(.hello(Hello(clientName: "fourth")), on: fourth) else {
            Issue.record("the fourth was not admitted")
            return
        }
    }

    /// A refused connection that sends nothing is told anyway, with an ERR that
    /// answers no command (sequence 0, command id 0), within a second.
    @Test func aRefusedConnectionThatSendsNothingIsToldWithinASecond() throws {
        let h = try LinkHarness(maximumSessions: 1)
        _ = h.connect(label: "socket", transport: .socket)
        let refused = h.connect(label: "socket", transport: .socket)
        h.run(seconds: 0.9)
        #expect(h.hub.sessionIDs.contains(refused))
        h.run(seconds: 0.2)
        #expect(!h.hub.sessionIDs.contains(refused))
        let error = try #require(Self.refusal(h.replies(to: 0, on: refused).first))
        #expect(error.commandID == 0)
        #expect(error.code == .busy)
    }

    /// Only a few refused connections wait for a frame to answer; the rest are told at once.
    @Test func aStormOfConnectionsIsRefusedAtOnce() throws {
        let h = try LinkHarness(maximumSessions: 1)
        _ = h.connect(label: "socket", transport: .socket)
        let refused = (0..<100).map { _ in h.connect(label: "socket", transport: .socket) }
        h.drain()
        let held = refused.filter { h.hub.sessionIDs.contains($0) }
        #expect(held.count == LinkHub.refusalsHeld)
        #expect(h.hub.statistics.sessionsRefused == 100)
        for id in refused where !held.contains(id) {
            #expect(Self.refusal(h.replies(to: 0, on: id).first)?.code == .busy)
        }
    }
}

@Suite struct LinkHelloTimeoutTests {
    @Test func aSocketThatNeverSaysHelloIsClosed() throws {
        let h = try LinkHarness()
        let idle = h.connect(label: "socket", transport: .socket)
        let serial = h.connect()
        h.run(seconds: 2.9)
        #expect(h.hub.sessionIDs.contains(idle))
        h.run(seconds: 0.2)
        #expect(!h.hub.sessionIDs.contains(idle))
        #expect(h.hub.sessionIDs.contains(serial), "a serial port waits for its hosts as long as it takes")
        #expect(h.hub.statistics.helloTimeouts == 1)
        #expect(h.transportRequests == [.close(idle, reason: "no HELLO within 3.0 s")])
    }

    /// Counted from the undock too: a connection left open after BYE goes the same way.
    @Test func anUndockedSocketSessionIsClosedAfterTheSameTimeout() throws {
        let h = try LinkHarness()
        let leaving = h.connect(label: "socket", transport: .socket)
        let staying = h.connect(label: "socket", transport: .socket)
        for id in [leaving, staying] {
            guard case .identity? = h.call(.hello(Hello(clientName: "app")), on: id) else {
                Issue.record("no IDENTITY")
                return
            }
            h.keepAlive.insert(id)
        }
        h.run(seconds: 4)
        #expect(h.hub.isDocked(leaving) && h.hub.isDocked(staying), "heartbeats keep docked sessions")
        #expect(h.call(.bye, on: leaving)?.isAck == true)
        h.keepAlive.remove(leaving)
        h.run(seconds: 2.9)
        #expect(h.hub.sessionIDs.contains(leaving))
        h.run(seconds: 0.2)
        #expect(!h.hub.sessionIDs.contains(leaving))
        #expect(h.hub.isDocked(staying))
    }
}

@Suite struct LinkUndockReplyTests {
    /// A command still in the motion loop when its session undocks (BYE right
    /// behind it) is answered all the same: the connection is still open.
    @Test func aStopSentJustBeforeByeIsAnswered() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        h.keepAlive = []
        let stop = h.nextSequence
        let bye = stop &+ 1
        h.nextSequence &+= 2
        h.sendBytes(WireFrame.encode(.stop, sequence: stop) + WireFrame.encode(.bye, sequence: bye), from: id)
        #expect(!h.hub.isDocked(id))
        h.run(seconds: 0.01)
        #expect(h.replies(to: bye, on: id).first?.isAck == true)
        #expect(h.replies(to: stop, on: id).count == 1)
        #expect(h.replies(to: stop, on: id).first?.isAck == true)
    }

    /// HELLO again right behind a STOP: the STOP is still answered, and its
    /// retransmission after the HELLO is answered from memory, not applied twice.
    @Test func aStopSentJustBeforeASecondHelloIsAnsweredOnce() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        h.keepAlive = []
        let stop = h.nextSequence
        let hello = stop &+ 1
        h.nextSequence &+= 2
        let stopFrame = WireFrame.encode(.stop, sequence: stop)
        h.sendBytes(stopFrame + WireFrame.encode(.hello(Hello(clientName: "again")), sequence: hello), from: id)
        h.run(seconds: 0.01)
        #expect(h.hub.isDocked(id))
        #expect(h.replies(to: stop, on: id).count == 1)
        #expect(h.replies(to: stop, on: id).first?.isAck == true)
        let appliedBefore = h.hub.statistics.commandsApplied
        h.sendBytes(stopFrame, from: id)
        h.run(seconds: 0.01)
        #expect(h.replies(to: stop, on: id).count == 2, "the retransmission is answered again")
        #expect(h.hub.statistics.commandsApplied == appliedBefore, "and not applied a second time")
    }
}
