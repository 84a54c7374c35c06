import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// Issue 24 §4: 50 hosts that each keep a few commands in flight, as a real
/// app does, were told `busy` whenever together they filled the loop's
/// 64-command mailbox. The hub now waits the mailbox out for them; only a
/// session that keeps more than its share in flight hears `busy`.
@Suite struct LinkMailboxShareTests {
    static let hosts = 50
    static let window = 4

    /// Docked hosts with system tracking off, so SET_ANGULAR_VELOCITY goes to the loop.
    static func hosts(_ h: LinkHarness, count: Int) -> [SessionID] {
        let ids = (0..<count).map { h.dockedSession(name: "app \($0)") }
        #expect(h.call(.setSystemTracking(enabled: false), on: ids[0])?.isAck == true)
        return ids
    }

    static func isBusy(_ message: AccessoryMessage) -> Bool {
        if case .error(let error) = message { return error.code == .busy }
        return false
    }

    @Test func fiftyHostsWithFourCommandsEachInFlightAreNeverBusy() throws {
        let h = try LinkHarness()
        let ids = Self.hosts(h, count: Self.hosts)
        // Everything arrives between two ticks: 200 commands for a 64-command mailbox.
        var sent: [(SessionID, UInt16)] = []
        for id in ids {
            for n in 0..<Self.window {
                let message: HostMessage = n % 2 == 0 ? .setAngularVelocity(Vector3()) : .stop
                sent.append((id, h.send(message, from: id)))
            }
        }
        #expect(sent.count > h.virtual.stand.mailbox.capacity)
        // A heartbeat behind all of them is answered at once, before any tick.
        let prober = h.dockedSession(name: "prober")
        let beat = h.send(.heartbeat, from: prober)
        #expect(h.replies(to: beat, on: prober).first?.isAck == true, "answered in the same turn")
        h.run(seconds: 0.02)
        for (id, sequence) in sent {
            let replies = h.replies(to: sequence, on: id)
            #expect(replies.count == 1, "\(id) \(sequence): \(replies)")
            #expect(replies.first?.isAck == true, "\(id) \(sequence): \(replies)")
        }
    }

    /// Beyond its share a host over-commits: the first
    /// `commandsInFlightPerSession` are taken, the next is `busy` saying why,
    /// and once replies came it may send again.
    @Test func aHostThatOverCommitsHearsBusy() throws {
        let h = try LinkHarness()
        let id = Self.hosts(h, count: 1)[0]
        let limit = LinkHub.commandsInFlightPerSession
        let sequences = (0...limit).map { _ in h.send(.setAngularVelocity(Vector3()), from: id) }
        let over = try #require(h.replies(to: sequences[limit], on: id).first)
        #expect(Self.isBusy(over), "\(over)")
        if case .error(let error) = over {
            #expect(error.reason == "this session has \(limit) commands in flight to the motion loop, its limit: "
                + "wait for their replies before sending more")
        }
        h.run(seconds: 0.01)
        for sequence in sequences.dropLast() { #expect(h.replies(to: sequence, on: id).first?.isAck == true) }
        #expect(h.call(.setAngularVelocity(Vector3()), on: id)?.isAck == true)
    }

    /// A retransmission of a command still waiting for the mailbox is not applied twice.
    @Test func aRetransmittedWaitingCommandIsAnsweredOnce() throws {
        let h = try LinkHarness()
        let ids = Self.hosts(h, count: 20)
        for id in ids { for _ in 0..<4 { h.send(.stop, from: id) } }
        let last = try #require(ids.last)
        let sequence = h.send(.stop, from: last)
        h.send(.stop, from: last, sequence: sequence)
        #expect(h.hub.waiting.contains { $0.session == last }, "it waits for the mailbox")
        h.run(seconds: 0.02)
        #expect(h.replies(to: sequence, on: last).count == 1)
        #expect(h.hub.waiting.isEmpty && h.hub.pending.isEmpty)
    }
}
