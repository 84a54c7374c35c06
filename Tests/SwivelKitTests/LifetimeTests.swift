import SwivelProtocol
@testable import SwivelKit
import SwivelStandHarness
import Testing

/// An accessory keeps its link alive; the link ends once nothing of it is held.
@Suite(.serialized, .hangGuard) struct LifetimeTests {
    /// As an app's helper function would: the manager is a local, only the accessory is returned.
    private static func connectedAccessory(to pump: StandPump) async throws -> DockAccessory {
        let manager = try Rig.manager(for: pump)
        return try await manager.accessory(waitingUpTo: .seconds(30), stopAtFirstFailure: true)
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
        let accessory = try await Self.connectedAccessory(to: pump)
        // Past the stand's 1 s heartbeat timeout: the link still sends heartbeats.
        await pump.advance(bySeconds: 2.5)
        #expect(accessory.isDocked)
        #expect(!Self.sawBye(pump))
        #expect(pump.inspect { hub, _ in hub.statistics.heartbeatTimeouts } == 0)
        let state = try await accessory.state()
        #expect(state.dockedSessions == 1)
        var motion = accessory.motionStates.makeAsyncIterator()
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
        var accessory: DockAccessory? = try await Self.connectedAccessory(to: pump)
        #expect(accessory?.isDocked == true)
        accessory = nil
        let clock = ContinuousClock()
        let end = clock.now + .seconds(20)
        while !Self.sawBye(pump), clock.now < end {
            await pump.advance(bySeconds: 0.05)
        }
        #expect(Self.sawBye(pump))
    }
}
