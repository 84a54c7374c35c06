import SwivelProtocol
@testable import SwivelKit
import SwivelStandHarness
import Testing

/// A session keeps its link alive; the link ends once nothing of it is held.
@Suite(.serialized, .hangGuard) struct LifetimeTests {
    /// As an app's helper function would: the connection is a local, only the session is returned.
    private static func connectedAccessory(to pump: StandPump) async throws -> StandSession {
        let connection = try Rig.connection(for: pump)
        return try await connection.session(waitingUpTo: .seconds(30), stopAtFirstFailure: true)
    }

    private static func sawBye(_ pump: StandPump) -> Bool {
        pump.seenCommands.contains { command in
            if case .bye = command.message { return true }
            return false
        }
    }

    @Test func anAccessoryReturnedFromAHelperStaysDockedAndWorking() async throws {
        let pump = try StandPump()
        defer { pump.stop() }
        let session = try await Self.connectedAccessory(to: pump)
        // Past the stand's 1 s heartbeat timeout: the link still sends heartbeats.
        await pump.advance(bySeconds: 2.5)
        #expect(session.isDocked)
        #expect(!Self.sawBye(pump))
        #expect(pump.inspect { hub, _ in hub.statistics.heartbeatTimeouts } == 0)
        let state = try await session.state()
        #expect(state.dockedSessions == 1)
        var motion = session.motionStates.makeAsyncIterator()
        #expect(await motion.next() != nil)
    }

    @Test func aStreamKeepsItsAccessoryAndLinkAlive() async throws {
        let pump = try StandPump()
        defer { pump.stop() }
        var motion = try await Self.connectedAccessory(to: pump).motionStates.makeAsyncIterator()
        await pump.advance(bySeconds: 2.5)
        #expect(await motion.next() != nil)
        #expect(!Self.sawBye(pump))
    }

    @Test func releasingTheLastHolderSaysGoodbye() async throws {
        let pump = try StandPump()
        defer { pump.stop() }
        var session: StandSession? = try await Self.connectedAccessory(to: pump)
        #expect(session?.isDocked == true)
        session = nil
        let clock = ContinuousClock()
        let end = clock.now + .seconds(20)
        while !Self.sawBye(pump), clock.now < end {
            await pump.advance(bySeconds: 0.05)
        }
        #expect(Self.sawBye(pump))
    }
}
