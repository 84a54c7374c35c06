import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

@Suite struct LinkHandshakeTests {
    @Test func helloIsAnsweredWithTheIdentityAndDocks() throws {
        let h = try LinkHarness()
        let id = h.connect()
        #expect(!h.hub.isDocked(id))
        let seq = h.send(.hello(Hello(clientName: "tests")), from: id)
        let reply = try #require(h.reply(to: seq, on: id))
        guard case .identity(let identity) = reply else {
            Issue.record("expected IDENTITY, got \(reply)")
            return
        }
        #expect(identity == LinkHarness.identity)
        #expect(identity.category == .trackingStand)
        #expect(h.hub.isDocked(id))
        #expect(h.hub.statistics.sessionsDocked == 1)
        // DOCK_STATE follows: docked, system tracking on (the contract's default).
        #expect(h.telemetry(on: id).contains(.dockState(DockState(docked: true, systemTrackingEnabled: true))))
    }

    @Test func commandsBeforeHelloAreRefused() throws {
        let h = try LinkHarness()
        let id = h.connect()
        let reply = h.call(.setAngularVelocity(Vector3(yaw: 1)), on: id)
        #expect(reply?.errorCode == .notConnected)
        #expect(h.virtual.stand.status().commandsApplied == 0)
    }

    @Test func aFrameOfAnotherVersionGetsVersionMismatch() throws {
        let h = try LinkHarness()
        let id = h.connect()
        let frame = try FrameEncoder.encode(
            FrameHeader(version: 2, sequence: 9, messageID: MessageID.hello.rawValue),
            payload: HostMessage.hello(Hello(minimumVersion: 2, maximumVersion: 2, clientName: "future")).encodePayload())
        h.sendBytes(frame, from: id)
        guard case .error(let error)? = h.replies(to: 9, on: id).first else {
            Issue.record("expected ERR")
            return
        }
        #expect(error.code == .versionMismatch)
        #expect(error.reason.contains("version 2"))
        #expect(!h.hub.isDocked(id))
    }

    @Test func aHelloOutsideOurVersionRangeGetsVersionMismatch() throws {
        let h = try LinkHarness()
        let id = h.connect()
        let reply = h.call(.hello(Hello(minimumVersion: 2, maximumVersion: 3, clientName: "future")), on: id)
        #expect(reply?.errorCode == .versionMismatch)
        #expect(!h.hub.isDocked(id))
    }

    @Test func dockingStopsTheDemo() throws {
        let h = try LinkHarness(playDemo: true)
        h.run(seconds: 1)
        #expect(h.virtual.stand.status().demoPhase != nil)
        _ = h.dockedSession()
        h.run(seconds: 0.1)
        #expect(h.virtual.stand.status().demoPhase == nil)
        h.run(seconds: 3)
        #expect(h.virtual.stand.status().commanded.yaw.velocity == 0)
    }
}

@Suite struct LinkUndockTests {
    @Test func heartbeatSilenceUndocksStopsAndResets() throws {
        let h = try LinkHarness()
        let id = h.dockedSession()
        h.keepAlive = []
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        let limits = LimitsRequest(limits: PerAxis(pitch: nil, yaw: .init(lowerRadians: -2, upperRadians: 2, maximumSpeed: 1), roll: nil))
        #expect(h.call(.setLimits(limits), on: id)?.isAck == true)
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.8)), on: id)?.isAck == true)
        // Heartbeats keep it docked past the timeout.
        for _ in 0..<6 {
            h.run(seconds: 0.3)
            #expect(h.call(.heartbeat, on: id)?.isAck == true)
        }
        #expect(h.hub.isDocked(id))
        // 0.8 travels as binary32.
        #expect(abs(h.virtual.stand.status().commanded.yaw.velocity - 0.8) < 1e-6)
        // Silence: undocked after 1 s, then the stand decelerates to rest.
        h.run(seconds: 1.01)
        #expect(!h.hub.isDocked(id))
        #expect(h.hub.statistics.heartbeatTimeouts == 1)
        h.run(seconds: 0.5)
        let status = h.virtual.stand.status()
        #expect(status.commanded.yaw.velocity == 0)
        #expect(status.limits.yaw?.maximumSpeed == 3)
        #expect(h.hub.statistics.systemTrackingEnabled)
    }

    @Test func byeUndocksAtOnce() throws {
        let h = try LinkHarness()
        var events: [String] = []
        h.hub.onSessionEvent = { events.append($0) }
        let id = h.dockedSession(name: "phone")
        #expect(h.call(.bye, on: id)?.isAck == true)
        #expect(events == ["host 'phone' docked on test", "host 'phone' undocked from test: it said BYE"])
        #expect(!h.hub.isDocked(id))
        #expect(h.call(.getState, on: id)?.errorCode == .notConnected)
    }

    @Test func aSecondSessionJoinsWithoutResettingAndTheLastOneOutResets() throws {
        let h = try LinkHarness()
        let app = h.dockedSession(name: "app")
        #expect(h.call(.setSystemTracking(enabled: false), on: app)?.isAck == true)
        let watcher = h.dockedSession(name: "watch")
        #expect(h.hub.statistics.sessionsDocked == 2)
        // The app's choice survives the watcher joining.
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: app)?.isAck == true)
        h.run(seconds: 0.2)
        #expect(h.virtual.stand.status().commanded.yaw.velocity > 0)
        // Commands from any session act on the one stand.
        #expect(h.call(.stop, on: watcher)?.isAck == true)
        h.run(seconds: 0.5)
        #expect(h.virtual.stand.status().commanded.yaw.velocity == 0)
        h.hub.closeSession(app, at: h.now)
        // The host session goes on while one session is docked.
        #expect(!h.hub.statistics.systemTrackingEnabled)
        #expect(h.hub.statistics.sessionsDocked == 1)
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: watcher)?.isAck == true)
        h.hub.closeSession(watcher, at: h.now)
        #expect(h.hub.statistics.sessionsDocked == 0)
        #expect(h.hub.statistics.systemTrackingEnabled)
        h.run(seconds: 0.5)
        #expect(h.virtual.stand.status().commanded.yaw.velocity == 0)
    }
}
