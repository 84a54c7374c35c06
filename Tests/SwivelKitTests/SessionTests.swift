import FoundationEssentials
import SwivelPorts
import SwivelProtocol
import SwivelRuntime
@testable import SwivelKit
import SwivelTestSupport
import Testing
import SwivelStandHarness

/// Docking, identity, heartbeats, goodbye and reconnection, against the real
/// link hub on a simulated stand.
@Suite(.serialized, .hangGuard) struct SessionTests {
    @Test func theHandshakeDocksWithTheStandsIdentity() async throws {
        let rig = try await Rig.docked()
        let session = rig.session
        #expect(session.identity.name == "Swivel Simulated Stand")
        #expect(session.identity.category == .trackingStand)
        #expect(session.identity.uuid == UUID(uuidString: "5A1E0C3B-9D27-844F-A011-223344556677"))
        #expect(session.hardwareModel == "swivel-sim-1")
        #expect(session.firmwareVersion == FirmwareVersion.string)
        #expect(session.axes == .all)
        #expect(session.capabilities == [
            .angularVelocity, .orientation, .animation, .limits, .systemTrackingSwitch, .customTracking, .framingModes,
            .regionOfInterest, .subjectSelection, .batteries, .accessoryEvents, .trackingStates,
        ])
        #expect(session.heartbeatTimeout == .seconds(1))
        #expect(session.motionStateRateHz == 50)
        #expect(session.isDocked)
        #expect(rig.connection.session === session)
        #expect(rig.connection.isSystemTrackingEnabled)
        #expect(rig.connection.lastConnectionError == nil)
        #expect(rig.pump.inspect { hub, _ in hub.statistics.sessionsDocked } == 1)
        // A lone 0x00 ends any garbage first; then HELLO with the client's name, then GET_STATE.
        #expect(rig.pump.lone0x00s == 1)
        let first = rig.pump.seenCommands.prefix(2).map(\.message)
        #expect(first == [.hello(Hello(clientName: "SwivelKitTests")), .getState])
        let state = try await session.state()
        #expect(state.dockedSessions == 1)
        #expect(state.isSystemTrackingEnabled)
        #expect(state.axes == .all)
        #expect(state.activity == .velocity)
        let yaw = try #require(state.limits.yaw)
        #expect(abs((yaw.positionRange?.upperBound ?? 0) - 2.8) < 1e-6)
        #expect(abs(yaw.maximumSpeed - 3) < 1e-6)
    }

    @Test func stateChangesStartWithTheAccessoryAlreadyDocked() async throws {
        let rig = try await Rig.docked()
        var changes = rig.connection.sessionChanges.makeAsyncIterator()
        let first = await changes.next()
        #expect(first?.kind == .docked)
        #expect(first?.session === rig.session)
        #expect(first?.byTrackingButton == false)
    }

    @Test func anIdleHostStaysDockedOnHeartbeats() async throws {
        // The host heartbeats on the stand's clock, against the daemon's 1 s timeout.
        let rig = try await Rig.docked()
        await rig.pump.advance(bySeconds: 3)
        let (docked, timeouts) = rig.pump.inspect { hub, _ in (hub.statistics.sessionsDocked, hub.statistics.heartbeatTimeouts) }
        #expect(docked == 1)
        #expect(timeouts == 0)
        #expect(!rig.pump.copies { $0 == .heartbeat }.isEmpty)
        #expect(rig.session.isDocked)
        #expect(try await rig.session.state().dockedSessions == 1)
    }

    @Test func closeSaysByeSoTheStandUndocksAtOnce() async throws {
        let rig = try await Rig.docked()
        let motion = rig.session.motionStates
        await rig.connection.close()
        // The pump reads the BYE when the machine lets it: wait for it, 2 s at most.
        for _ in 0..<40 where rig.pump.copies(of: { $0 == .bye }).isEmpty {
            await rig.pump.advance(bySeconds: 0.05)
        }
        #expect(rig.pump.copies { $0 == .bye }.count == 1)
        let (docked, timeouts) = rig.pump.inspect { hub, _ in (hub.statistics.sessionsDocked, hub.statistics.heartbeatTimeouts) }
        #expect(docked == 0)
        #expect(timeouts == 0)
        #expect(!rig.session.isDocked)
        #expect(rig.connection.session == nil)
        // Streams of the ended session end; its commands say why they cannot run.
        for await _ in motion {}
        #expect(await caught { try await rig.session.stop() }?.code == .stand(.notConnected))
        #expect(await caught { try await rig.connection.setSystemTrackingEnabled(false) }?.code == .stand(.notConnected))
    }

    @Test func nothingListeningIsReportedAtTheFirstAttempt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("none.sock")
        let connection = try StandConnection(endpoint: .socket(path: path), clientName: "tests")
        let error = await caught { try await connection.session(waitingUpTo: .seconds(10), stopAtFirstFailure: true) }
        #expect(error == SwivelKitError(.transport, "no socket at \(path): no swiveld has started there; is `make run` running? (or swiveld --board boards/sim.json5)"))
        #expect(error?.isConnectionProblem == true)
        #expect(connection.lastConnectionError == error)
        let refused = await caught { try await connection.setSystemTrackingEnabled(false) }
        #expect(refused?.code == .stand(.notConnected))
        #expect(refused?.reason.contains("no socket at \(path)") == true)
        await connection.close()
    }

    @Test func waitingWithoutStoppingAtFailuresTimesOutWithTheLastFailure() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("none.sock")
        let connection = try StandConnection(endpoint: .socket(path: path), clientName: "tests")
        let error = await caught { try await connection.session(waitingUpTo: .milliseconds(1500)) }
        #expect(error == SwivelKitError(.transport, "no socket at \(path): no swiveld has started there; is `make run` running? (or swiveld --board boards/sim.json5)"))
        await connection.close()
    }

    @Test func aLostLinkUndocksAndANewDaemonAtTheSamePathDocksAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let first = try StandPump(listeningAt: path)
        let connection = try StandConnection(endpoint: .socket(path: path), clientName: "tests")
        var changes = connection.sessionChanges.makeAsyncIterator()
        let docked = await changes.next()
        #expect(docked?.kind == .docked)
        let old = try #require(docked?.session)

        first.stop()
        let undocked = await changes.next()
        #expect(undocked?.kind == .undocked)
        #expect(undocked?.session === old)
        #expect(!old.isDocked)
        #expect(await caught { try await old.state() }?.code == .stand(.notConnected))

        let second = try StandPump(listeningAt: path)
        defer { second.stop() }
        let again = await changes.next()
        #expect(again?.kind == .docked)
        let new = try #require(again?.session)
        #expect(new !== old)
        #expect(new.identity == old.identity)
        #expect(try await new.state().dockedSessions == 1)
        // The old session object belongs to the ended session even though the link is back.
        #expect(await caught { try await old.state() }?.code == .stand(.notConnected))
        await connection.close()
    }

    @Test func aSessionTheStandEndedIsNoticedAndStartedAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let pump = try StandPump(speed: 1, listeningAt: path)
        defer { pump.stop() }
        // A host that never sends heartbeats, as one whose serial line went
        // quiet. On the pump's clock, so its GET_STATE below cannot time out
        // (instead of being refused) while a loaded machine runs the stand slowly.
        let connection = try StandConnection(
            endpoint: .socket(path: path), clientName: "tests", timing: LinkTiming(heartbeatInterval: .seconds(60)),
            clock: pump.hostClock())
        var changes = connection.sessionChanges.makeAsyncIterator()
        let old = try #require(await changes.next()?.session)
        await pump.advance(bySeconds: 1.5)
        #expect(pump.inspect { hub, _ in hub.statistics.heartbeatTimeouts } == 1)
        let refused = await caught { try await old.state() }
        #expect(refused == SwivelKitError(.notConnected, "no session on this link: send HELLO first"))
        let undocked = await changes.next()
        #expect(undocked?.kind == .undocked)
        #expect(undocked?.session === old)
        let again = await changes.next()
        #expect(again?.kind == .docked)
        #expect(again?.session !== old)
        await connection.close()
    }
}
