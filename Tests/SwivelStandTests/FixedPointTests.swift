import SwivelCore
@testable import SwivelLoop
@testable import SwivelStand
import Testing

/// `fixed` formats the status line the daemon prints ten times a second: it
/// must be total, whatever number a host or a board put into the status.
@Suite struct FixedPointTests {
    @Test func ordinaryNumbers() {
        #expect(fixed(1.23456, 3) == "1.235")
        #expect(fixed(0.5, 2, signed: true) == "+0.50")
        #expect(fixed(-0.004, 2) == "0.00")
        #expect(fixed(-2.5, 1) == "-2.5")
        #expect(fixed(12, 0) == "12")
    }

    /// Int64(1e17 × 100) trapped: the daemon died with SIGILL one redraw
    /// after ACKing SET_ANGULAR_VELOCITY 1e17.
    @Test func numbersTooLargeForFixedPointPrintInShortestForm() {
        #expect(fixed(1e17, 2, signed: true) == "+1e+17")
        #expect(fixed(-9.3e18, 0) == "-9.3e+18")
        #expect(fixed(Double(Float.greatestFiniteMagnitude), 3) == "\(Double(Float.greatestFiniteMagnitude))")
        #expect(fixed(.nan, 2) == "nan")
        #expect(fixed(-.infinity, 2) == "-inf")
        #expect(fixed(1, 40) == "1.0")
        #expect(fixed(1, -3) == "1")
    }

    @Test func theStatusLineOfAnAbsurdVelocityFormats() {
        var status = StandStatus()
        status.activeMotion = .velocity(Vector3(pitch: 0, yaw: 1e17, roll: -3.4e38))
        #expect(StatusLine.describe(status) == "velocity +0.00/+1e+17/-3.4e+38 rad/s")
    }
}
