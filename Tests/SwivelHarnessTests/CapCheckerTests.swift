import SwivelCore
import SwivelProtocol
import Testing

@testable import swivel_soak

/// The soak's checker must pass motion that keeps the caps and catch motion
/// that breaks them: a checker that cannot fail proves nothing.
@Suite struct CapCheckerTests {
    /// MOTION_STATE at 50 Hz of a yaw axis that follows `velocity(t)` exactly
    /// (positions integrated per 1 ms tick, as the stand does).
    static func reports(seconds: Double, velocity: (Double) -> Double) -> [MotionStateReport] {
        var position = 0.0
        var reports: [MotionStateReport] = []
        for tick in 0...Int(seconds * 1000) {
            let t = Double(tick) / 1000
            let v = velocity(t)
            position += v * 0.001
            guard tick % 20 == 0 else { continue }
            reports.append(MotionStateReport(
                timeMicroseconds: UInt64(1_000_000 + tick * 1000), axes: .all, positions: Vector3(pitch: 0, yaw: position, roll: 0),
                velocities: Vector3(pitch: 0, yaw: v, roll: 0), systemTrackingEnabled: false, moving: v != 0))
        }
        return reports
    }

    static func checked(_ reports: [MotionStateReport]) throws -> CapChecker {
        var checker = CapChecker(board: try HarnessFixtures.board())
        for report in reports { checker.check(report) }
        return checker
    }

    /// sim.json5's yaw: 3 rad/s, 12 rad/s²; ramped up, cruising, ramped down at exactly the caps.
    static func trapezoid(_ t: Double) -> Double {
        t < 0.25 ? 12 * t : t < 0.75 ? 3 : t < 1 ? 3 - 12 * (t - 0.75) : 0
    }

    @Test func motionAtTheCapsPasses() throws {
        let checker = try Self.checked(Self.reports(seconds: 2, velocity: Self.trapezoid))
        #expect(checker.violations.isEmpty, "\(checker.violations)")
        #expect(checker.figures.reports == 101)
        // It really was at the caps, so the bounds are tight, not loose.
        #expect((checker.figures.worst["commanded speed"]?.ratio ?? 0) > 0.99)
        #expect((checker.figures.worst["commanded acceleration"]?.ratio ?? 0) > 0.99)
    }

    /// The reversal: yaw at 2.4 rad/s commanded to 0 within one report (about 120 rad/s²).
    @Test func aStopWithinOneReportBreaksTheAccelerationCap() throws {
        let checker = try Self.checked(Self.reports(seconds: 1) { t in t < 0.2 ? 12 * t : t < 0.5 ? 2.4 : 0 })
        let broken = checker.violations.filter { $0.check == "commanded acceleration" && $0.axis == .yaw }
        #expect(broken.count == 1)
        #expect((broken.first?.value ?? 0) > 100)
        #expect(broken.first?.detail.contains("2.4000 → 0.0000") == true)
    }

    @Test func aSpeedPastTheCapIsCaught() throws {
        let checker = try Self.checked(Self.reports(seconds: 1) { t in min(12 * t, 3.1) })
        #expect(checker.violations.contains { $0.check == "commanded speed" && $0.axis == .yaw })
    }

    /// Positions that jump as no motion within the caps could: the encoder
    /// says the axis moved 1 rad in 20 ms while the velocity says 0. (The
    /// measured checks are coarse, over 0.2 s windows: a 0.5 rad jump would
    /// pass them, as 2.5 rad/s over a window; the commanded checks are the tight ones.)
    @Test func measuredMotionTheCapsForbidIsCaught() throws {
        var reports = Self.reports(seconds: 1) { _ in 0 }
        for index in 25..<reports.count { reports[index].positions.yaw += 1 }
        let checker = try Self.checked(reports)
        #expect(checker.violations.contains { $0.check == "measured speed" })
        #expect(checker.violations.contains { $0.check == "measured acceleration" })
        #expect(!checker.violations.contains { $0.check.hasPrefix("commanded") })
    }

    @Test func aPositionPastTheHardwareRangeIsCaught() throws {
        var reports = Self.reports(seconds: 0.2) { _ in 0 }
        reports[5].positions.pitch = 0.7 + CapChecker.followingErrorBound + 0.01
        let checker = try Self.checked(reports)
        #expect(checker.violations.contains { $0.check == "measured position past the hardware range" && $0.axis == .pitch })
    }

    /// A dropped report doubles the interval: the bound is per interval, so a ramp at the cap still passes.
    @Test func aMissingReportIsNoViolation() throws {
        var reports = Self.reports(seconds: 2, velocity: Self.trapezoid)
        reports.remove(at: 7)
        reports.remove(at: 30)
        let checker = try Self.checked(reports)
        #expect(checker.violations.isEmpty, "\(checker.violations)")
        #expect(abs(checker.figures.largestGapSeconds - 0.04) < 1e-9)
    }
}
