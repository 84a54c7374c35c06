import SwivelBoard
import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// GESTURE (docs/PROTOCOL.md §4.4) through the hub beside a virtual stand:
/// the vision link's open palm is the tracking button, bytes in and bytes out.
@Suite struct LinkGestureTests {
    static let palm = Gesture(kind: .openPalm, confidence: 0.9)

    /// The simulated board with `vision.gestures` as given; the harness takes
    /// the hub's gesture switch from the board, as the daemon does.
    static func harness(gestures: Bool) throws -> LinkHarness {
        var board = try BoardFixtures.load("sim.json5")
        var vision = try #require(board.vision)
        vision.gestures = gestures
        board.vision = vision
        return try LinkHarness(board: board)
    }

    static func vision(_ h: LinkHarness) -> SessionID {
        let id = h.hub.openSession(label: "vision", role: .vision, at: h.now)
        h.decoders[id] = FrameDecoder()
        h.received[id] = []
        return id
    }

    static func dockStates(_ messages: [AccessoryMessage]) -> [DockState] {
        messages.compactMap { if case .dockState(let state) = $0 { state } else { nil } }
    }

    static func events(_ messages: [AccessoryMessage]) -> [AccessoryEvent] {
        messages.compactMap { if case .accessoryEvent(let event) = $0 { event } else { nil } }
    }

    /// DOCK_STATE and ACCESSORY_EVENT only, in the order they arrived.
    static func modeTelemetry(_ messages: [AccessoryMessage]) -> [AccessoryMessage] {
        messages.filter {
            switch $0 {
            case .dockState, .accessoryEvent: true
            default: false
            }
        }
    }

    @Test func anOpenPalmOnTheVisionLinkTogglesSystemTrackingForEveryDockedHost() throws {
        let h = try Self.harness(gestures: true)
        let first = h.dockedSession(name: "first")
        let second = h.dockedSession(name: "second")
        let camera = Self.vision(h)
        let before = [first: h.telemetry(on: first).count, second: h.telemetry(on: second).count]
        #expect(h.hub.statistics.systemTrackingEnabled)

        #expect(h.call(.gesture(Self.palm), on: camera)?.isAck == true)
        #expect(!h.hub.statistics.systemTrackingEnabled)
        let off = DockState(docked: true, systemTrackingEnabled: false, trackingButtonEnabled: true)
        for host in [first, second] {
            let new = Array(h.telemetry(on: host).dropFirst(before[host] ?? 0))
            // The button's DOCK_STATE first, then which gesture it was.
            #expect(Self.modeTelemetry(new) == [.dockState(off), .accessoryEvent(.gesture(.openPalm))], "host \(host)")
        }
        #expect(h.telemetry(on: camera).isEmpty, "the vision link never receives telemetry")
        // The stand is the hosts' now, as after the button.
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: first)?.isAck == true)

        #expect(h.call(.gesture(Self.palm), on: camera)?.isAck == true)
        #expect(h.hub.statistics.systemTrackingEnabled)
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: second)?.errorCode == .systemTrackingActive)
        #expect(Self.dockStates(h.telemetry(on: second)).filter(\.trackingButtonEnabled).map(\.systemTrackingEnabled)
            == [false, true])
        #expect(Self.events(h.telemetry(on: first)) == [.gesture(.openPalm), .gesture(.openPalm)])
    }

    @Test func theGestureTakesTheButtonsHandOverIntoSystemTracking() throws {
        let h = try Self.harness(gestures: true)
        let host = h.dockedSession()
        let camera = Self.vision(h)
        #expect(h.call(.gesture(Self.palm), on: camera)?.isAck == true)
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: host)?.isAck == true)
        h.run(seconds: 0.5)
        let moving = h.virtual.stand.status().commanded.yaw.velocity
        #expect(abs(moving - 0.5) < 1e-9, "the manual velocity runs: \(moving)")
        // Back into system tracking: the manual motion ends (decelerating at the cap), as with the button.
        #expect(h.call(.gesture(Self.palm), on: camera)?.isAck == true)
        h.run(seconds: 0.5)
        #expect(h.virtual.stand.status().commanded.yaw.velocity == 0)
    }

    @Test func withGesturesOffItIsNotSupportedAndNothingChanges() throws {
        let h = try Self.harness(gestures: false)
        let host = h.dockedSession()
        let camera = Self.vision(h)
        let telemetryBefore = Self.modeTelemetry(h.telemetry(on: host))
        let reply = try #require(h.call(.gesture(Self.palm), on: camera))
        guard case .error(let error) = reply else {
            Issue.record("expected ERR, got \(reply)")
            return
        }
        #expect(error.code == .notSupported)
        #expect(error.commandID == MessageID.gesture.rawValue)
        #expect(error.reason == "gestures are off on this board (vision.gestures)")
        h.run(seconds: 0.1)
        #expect(h.hub.statistics.systemTrackingEnabled)
        #expect(Self.modeTelemetry(h.telemetry(on: host)) == telemetryBefore, "no DOCK_STATE, no ACCESSORY_EVENT")
        #expect(h.call(.setAngularVelocity(Vector3(yaw: 0.5)), on: host)?.errorCode == .systemTrackingActive)
    }

    @Test func aBoardWithoutAVisionSectionHasGesturesOff() throws {
        var board = try BoardFixtures.load("sim.json5")
        board.vision = nil
        let h = try LinkHarness(board: board)
        let camera = Self.vision(h)
        #expect(h.call(.gesture(Self.palm), on: camera)?.errorCode == .notSupported)
        #expect(h.hub.statistics.systemTrackingEnabled)
    }

    @Test func aHostsGestureIsNotSupportedEvenWithGesturesOn() throws {
        let h = try Self.harness(gestures: true)
        let host = h.dockedSession()
        let reply = try #require(h.call(.gesture(Self.palm), on: host))
        guard case .error(let error) = reply else {
            Issue.record("expected ERR, got \(reply)")
            return
        }
        #expect(error.code == .notSupported)
        #expect(error.reason == "GESTURE comes from the vision link only")
        #expect(h.hub.statistics.systemTrackingEnabled)
        #expect(Self.events(h.telemetry(on: host)).isEmpty)
        #expect(Self.dockStates(h.telemetry(on: host)).allSatisfy { !$0.trackingButtonEnabled })
    }

    @Test func badConfidencesAndUndefinedGesturesAreInvalidParameterAndChangeNothing() throws {
        let h = try Self.harness(gestures: true)
        let host = h.dockedSession()
        let camera = Self.vision(h)
        for (confidence, reason) in [
            (1.5, SwivelError.Reason.gestureConfidenceOutOfRange), (-0.1, .gestureConfidenceOutOfRange),
            (Double.nan, .nonFiniteValue), (Double.infinity, .nonFiniteValue),
        ] {
            let reply = try #require(h.call(.gesture(Gesture(kind: .openPalm, confidence: confidence)), on: camera))
            guard case .error(let error) = reply else {
                Issue.record("confidence \(confidence): expected ERR, got \(reply)")
                continue
            }
            #expect(error.code == .invalidParameter, "confidence \(confidence)")
            #expect(error.reason == reason.text, "confidence \(confidence)")
            #expect(error.value != nil, "the ERR carries the offending value")
        }
        // The ends of the range are in it.
        #expect(h.call(.gesture(Gesture(kind: .openPalm, confidence: 0)), on: camera)?.isAck == true)
        #expect(h.call(.gesture(Gesture(kind: .openPalm, confidence: 1)), on: camera)?.isAck == true)
        #expect(h.hub.statistics.systemTrackingEnabled, "two good gestures: toggled twice")
        // An undefined gesture code, and a payload shorter than 5 bytes.
        for (payload, code) in [([UInt8]([2, 0, 0, 0x60, 0x3F]), SwivelError.Code.invalidParameter),
                                ([0, 0, 0, 0x60, 0x3F], .invalidParameter), ([1, 0, 0, 0x60], .badLength)] {
            let seq = h.nextSequence
            h.nextSequence &+= 1
            h.sendBytes(try FrameEncoder.encode(FrameHeader(sequence: seq, messageID: MessageID.gesture.rawValue), payload: payload),
                        from: camera)
            #expect(h.reply(to: seq, on: camera)?.errorCode == code, "payload \(payload)")
        }
        #expect(h.hub.statistics.systemTrackingEnabled)
        #expect(Self.events(h.telemetry(on: host)) == [.gesture(.openPalm), .gesture(.openPalm)], "only the two good ones")
    }

    @Test func aRetransmittedGestureIsAnsweredAgainAndAppliedOnce() throws {
        let h = try Self.harness(gestures: true)
        let host = h.dockedSession()
        let camera = Self.vision(h)
        let seq = h.send(.gesture(Self.palm), from: camera)
        h.send(.gesture(Self.palm), from: camera, sequence: seq, flags: .retransmission)
        h.run(seconds: 0.05)
        #expect(h.replies(to: seq, on: camera).map(\.isAck) == [true, true])
        #expect(!h.hub.statistics.systemTrackingEnabled, "one toggle, not two")
        #expect(Self.events(h.telemetry(on: host)) == [.gesture(.openPalm)])
    }

    @Test func withNoHostDockedItStillTogglesAndTheFirstDockResets() throws {
        let h = try Self.harness(gestures: true)
        let camera = Self.vision(h)
        #expect(h.call(.gesture(Self.palm), on: camera)?.isAck == true)
        #expect(!h.hub.statistics.systemTrackingEnabled)
        let host = h.dockedSession()
        #expect(h.hub.statistics.systemTrackingEnabled, "a new host session starts with system tracking on")
        #expect(Self.events(h.telemetry(on: host)).isEmpty, "nobody was docked to be told")
    }

    @Test func gesturesOnAnnounceAccessoryEvents() throws {
        var board = try BoardFixtures.load("sim.json5")
        board.buttons = []
        board.vision?.gestures = false
        #expect(!DeviceIdentity.capabilities(for: board).contains(.accessoryEvents))
        board.vision?.gestures = true
        #expect(DeviceIdentity.capabilities(for: board).contains(.accessoryEvents))
    }
}
