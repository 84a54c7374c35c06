import SwivelBoard
import SwivelHardware
import SwivelProtocol
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import Testing

/// The simulated board's buttons pressed from outside the link thread (keys,
/// scenes), in virtual time: the press becomes an edge of the button's mock
/// line, so the debouncer and the events are the real ones.
@Suite struct SimulatedButtonPanelTests {
    typealias Rig = LinkAccessoriesTests

    @Test func aPanelPressIsThePressAndReleaseOfTheLine() throws {
        let (h, simulated) = try Rig.harness()
        let id = h.dockedSession()
        try simulated.panel.press("shutter", at: h.now)
        try simulated.panel.press("one", at: h.now.advanced(byNanoseconds: 400_000_000))
        // Nothing reaches the line before its instant.
        #expect(simulated.accessories.buttons?.pressed.allSatisfy { !$0 } == true)
        h.run(seconds: 1)
        #expect(Rig.events(h.telemetry(on: id)) == [.cameraShutter, .button(id: 1, pressed: true), .button(id: 1, pressed: false)])
        #expect(simulated.accessories.buttons?.pressed.allSatisfy { !$0 } == true, "every press was released")
    }

    @Test func aPressShorterThanTheDebounceWindowIsNoPress() throws {
        let (h, simulated) = try Rig.harness()
        let id = h.dockedSession()
        try simulated.panel.press("shutter", at: h.now, holdNanoseconds: 3_000_000)
        h.run(seconds: 0.5)
        #expect(Rig.events(h.telemetry(on: id)).isEmpty, "the debouncer is the real one: 3 ms is a glitch for a 10 ms window")
    }

    @Test func theTrackingKeyTogglesSystemTrackingAsTheButtonDoes() throws {
        let (h, simulated) = try Rig.harness()
        _ = h.dockedSession()
        let tracking = try #require(simulated.panel.button(forKey: "t"))
        try simulated.panel.press(tracking.name, at: h.now)
        h.run(seconds: 0.5)
        #expect(!h.hub.statistics.systemTrackingEnabled)
    }

    @Test func eachKeyNamesTheSimBoardsButton() throws {
        let (_, simulated) = try Rig.harness()
        let panel = simulated.panel
        #expect(panel.button(forKey: "s")?.name == "shutter")
        #expect(panel.button(forKey: "t")?.name == "tracking")
        #expect(panel.button(forKey: "f")?.name == "flip")
        #expect(panel.button(forKey: "+")?.name == "zoomIn")
        #expect(panel.button(forKey: "-")?.name == "zoomOut")
        #expect(panel.button(forKey: "1")?.name == "one")
        #expect(panel.button(forKey: "2") == nil)
        #expect(panel.button(forKey: "x") == nil)
        #expect(panel.keys == ["s", "f", "+", "-", "t", "1"])
        #expect(panel.keyLegend == "s shutter, f flip, + zoomIn, - zoomOut, t tracking, 1 one")
        #expect(throws: HardwareError.self) { try panel.press("nope", at: .zero) }
    }
}
