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
        let accessory = rig.accessory
        #expect(accessory.identifier.name == "Swivel Simulated Stand")
        #expect(accessory.identifier.category == .trackingStand)
        #expect(accessory.identifier.uuid == UUID(uuidString: "5A1E0C3B-9D27-844F-A011-223344556677"))
        #expect(accessory.hardwareModel == "swivel-sim-1")
        #expect(accessory.firmwareVersion == FirmwareVersion.string)
        #expect(accessory.axes == .all)
        #expect(accessory.capabilities == [
            .angularVelocity, .orientation, .animation, .limits, .systemTrackingSwitch, .customTracking, .framingModes,
            .regionOfInterest, .subjectSelection, .batteries, .accessoryEvents, .trackingStates,
        ])
        #expect(accessory.heartbeatTimeout == .seconds(1))
        #expect(accessory.motionStateRateHz == 50)
        #expect(accessory.isDocked)
        #expect(rig.manager.accessory === accessory)
        #expect(rig.manager.isSystemTrackingEnabled)
        #expect(rig.manager.lastConnectionError == nil)
        #expect(rig.pump.inspect { hub, _ in hub.statistics.sessionsDocked } == 1)
        // A lone 0x00 ends any garbage first; then HELLO with the client's name, then GET_STATE.
        #expect(rig.pump.lone0x00s == 1)
        let first = rig.pump.seenCommands.prefix(2).map(\.message)
        #expect(first == [.hello(Hello(clientName: "SwivelKitTests")), .getState])
        let state = try await accessory.state()
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
        var changes = rig.manager.accessoryStateChanges.makeAsyncIterator()
        let first = await changes.next()
        #expect(first?.state == .docked)
        #expect(first?.accessory === rig.accessory)
        #expect(first?.trackingButtonEnabled == false)
    }

    @Test func anIdleHostStaysDockedOnHeartbeats() async throws {
        // The host heartbeats on the stand's clock, against the daemon's 1 s timeout.
        let rig = try await Rig.docked()
        await rig.pump.advance(bySeconds: 3)
        let (docked, timeouts) = rig.pump.inspect { hub, _ in (hub.statistics.sessionsDocked, hub.statistics.heartbeatTimeouts) }
        #expect(docked == 1)
        #expect(timeouts == 0)
        #expect(!rig.pump.copies { $0 == .heartbeat }.isEmpty)
        #expect(rig.accessory.isDocked)
        #expect(try await rig.accessory.state().dockedSessions == 1)
    }

    @Test func closeSaysByeSoTheStandUndocksAtOnce() async throws {
        let rig = try await Rig.docked()
        let motion = rig.accessory.motionStates
        await rig.manager.close()
        // The pump reads the BYE when the machine lets it: wait for it, 2 s at most.
        for _ in 0..<40 where rig.pump.copies(of: { $0 == .bye }).isEmpty {
            await rig.pump.advance(bySeconds: 0.05)
        }
        #expect(rig.pump.copies { $0 == .bye }.count == 1)
        let (docked, timeouts) = rig.pump.inspect { hub, _ in (hub.statistics.sessionsDocked, hub.statistics.heartbeatTimeouts) }
        #expect(docked == 0)
        #expect(timeouts == 0)
        #expect(!rig.accessory.isDocked)
        #expect(rig.manager.accessory == nil)
        // Streams of the ended session end; its commands say why they cannot run.
        for await _ in motion {}
        #expect(await caught { try await rig.accessory.stop() }?.code == .notConnected)
        #expect(await caught { try await rig.manager.setSystemTrackingEnabled(false) }?.code == .notConnected)
    }

    @Test func nothingListeningIsReportedAtTheFirstAttempt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("none.sock")
        let manager = try DockAccessoryManager(endpoint: .socket(path: path), clientName: "tests")
        let error = await caught { try await manager.accessory(waitingUpTo: .seconds(10), stopAtFirstFailure: true) }
        #expect(error == .transport("no socket at \(path): no swiveld has started there; is `make run` running? (or swiveld --board boards/sim.json5)"))
        #expect(error?.isConnectionProblem == true)
        #expect(manager.lastConnectionError == error)
        let refused = await caught { try await manager.setSystemTrackingEnabled(false) }
        #expect(refused?.code == .notConnected)
        #expect(refused?.reason.contains("no socket at \(path)") == true)
        await manager.close()
    }

    @Test func waitingWithoutStoppingAtFailuresTimesOutWithTheLastFailure() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("none.sock")
        let manager = try DockAccessoryManager(endpoint: .socket(path: path), clientName: "tests")
        let error = await caught { try await manager.accessory(waitingUpTo: .milliseconds(1500)) }
        #expect(error == .transport("no socket at \(path): no swiveld has started there; is `make run` running? (or swiveld --board boards/sim.json5)"))
        await manager.close()
    }

    @Test func aLostLinkUndocksAndANewDaemonAtTheSamePathDocksAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let first = try StandPump(listeningAt: path)
        let manager = try DockAccessoryManager(endpoint: .socket(path: path), clientName: "tests")
        var changes = manager.accessoryStateChanges.makeAsyncIterator()
        let docked = await changes.next()
        #expect(docked?.state == .docked)
        let old = try #require(docked?.accessory)

        first.stop()
        let undocked = await changes.next()
        #expect(undocked?.state == .undocked)
        #expect(undocked?.accessory === old)
        #expect(!old.isDocked)
        #expect(await caught { try await old.state() }?.code == .notConnected)

        let second = try StandPump(listeningAt: path)
        defer { second.stop() }
        let again = await changes.next()
        #expect(again?.state == .docked)
        let new = try #require(again?.accessory)
        #expect(new !== old)
        #expect(new.identifier == old.identifier)
        #expect(try await new.state().dockedSessions == 1)
        // The old accessory belongs to the ended session even though the link is back.
        #expect(await caught { try await old.state() }?.code == .notConnected)
        await manager.close()
    }

    @Test func aSessionTheStandEndedIsNoticedAndStartedAgain() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("swivel.sock")
        let pump = try StandPump(speed: 1, listeningAt: path)
        defer { pump.stop() }
        // A host that never sends heartbeats, as one whose serial line went
        // quiet. On the pump's clock, so its GET_STATE below cannot time out
        // (instead of being refused) while a loaded machine runs the stand slowly.
        let manager = try DockAccessoryManager(
            endpoint: .socket(path: path), clientName: "tests", timing: LinkTiming(heartbeatInterval: .seconds(60)),
            clock: pump.hostClock())
        var changes = manager.accessoryStateChanges.makeAsyncIterator()
        let old = try #require(await changes.next()?.accessory)
        await pump.advance(bySeconds: 1.5)
        #expect(pump.inspect { hub, _ in hub.statistics.heartbeatTimeouts } == 1)
        let refused = await caught { try await old.state() }
        #expect(refused == .notConnected("no session on this link: send HELLO first"))
        let undocked = await changes.next()
        #expect(undocked?.state == .undocked)
        #expect(undocked?.accessory === old)
        let again = await changes.next()
        #expect(again?.state == .docked)
        #expect(again?.accessory !== old)
        await manager.close()
    }
}
