@testable import SwivelKit
import SwivelProtocol
@testable import swivelctl
import Testing

/// `swivelctl watch` shows a servo pulse jog, as swiveld's own status line
/// does: a maker finding a servo's end points in one shell sees the width the
/// stand holds in another.
@Suite struct SwivelctlWatchFormatTests {
    static func state(yawPulse: UInt16) -> StandSession.MotionSample {
        StandSession.MotionSample(MotionStateReport(
            timeMicroseconds: 1_000_000, axes: [.pitch, .yaw], positions: Vector3(pitch: 0, yaw: 0.5, roll: 0),
            velocities: Vector3(pitch: 0, yaw: 0, roll: 0), systemTrackingEnabled: false, moving: false,
            enabledDriverAxes: [.pitch, .yaw], servoPulseMicroseconds: PerAxis(pitch: 0, yaw: yawPulse, roll: 0)))
    }

    @Test func aJoggedAxisShowsItsWidthInTextAndJSON() {
        let jogged = Self.state(yawPulse: 540)
        #expect(jogged.servoPulseMicroseconds == [.yaw: 540])
        #expect(Format.motion(jogged).hasSuffix("  |  servo pulse jog yaw 540 µs"))
        #expect(Format.json(jogged).text.contains("\"servoPulseMicroseconds\":{\"yaw\":540"))
    }

    @Test func withoutAJogNothingIsAdded() {
        let plain = Self.state(yawPulse: 0)
        #expect(plain.servoPulseMicroseconds.isEmpty)
        #expect(!Format.motion(plain).contains("servo pulse jog"))
        #expect(Format.json(plain).text.contains("\"servoPulseMicroseconds\":{}"))
    }
}
