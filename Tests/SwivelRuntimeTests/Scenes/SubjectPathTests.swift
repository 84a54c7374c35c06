import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand

@Suite struct SubjectPathTests {
    let trajectory = SubjectPath(points: [
        .init(timeSeconds: 0, yaw: 0, pitch: 0),
        .init(timeSeconds: 1, yaw: 0, pitch: 0),
        .init(timeSeconds: 3, yaw: 1, pitch: 0.2),
        .init(timeSeconds: 3, yaw: 1.5, pitch: 0.2),
        .init(timeSeconds: 4, yaw: 1.5, pitch: 0.2),
    ])!

    @Test func piecewiseLinearWithAJumpAndHeldAfterTheEnd() {
        #expect(trajectory.position(at: -1) == (0, 0))
        #expect(trajectory.position(at: 2) == (0.5, 0.1))
        #expect(trajectory.position(at: 2.999).yaw < 1)
        #expect(trajectory.position(at: 3) == (1.5, 0.2))
        #expect(trajectory.position(at: 10) == (1.5, 0.2))
    }

    @Test func velocityIsTheSegmentsSlope() {
        #expect(trajectory.velocity(at: 0.5) == (0, 0))
        #expect(trajectory.velocity(at: 2) == (0.5, 0.1))
        #expect(trajectory.velocity(at: 3.5) == (0, 0))
        #expect(trajectory.velocity(at: 9) == (0, 0))
    }

    @Test func stepsAndChanges() {
        #expect(trajectory.steps == [SubjectPath.Step(timeSeconds: 3, yaw: 0.5, pitch: 0)])
        #expect(trajectory.nextChange(after: 0.2) == 1)
        #expect(trajectory.nextChange(after: 3.2) == nil)
    }

    @Test func invalidTrajectoriesAreRefused() {
        #expect(SubjectPath(points: []) == nil)
        #expect(SubjectPath(points: [.init(timeSeconds: 1, yaw: 0, pitch: 0), .init(timeSeconds: 0, yaw: 0, pitch: 0)]) == nil)
        #expect(SubjectPath(points: [.init(timeSeconds: 0, yaw: .nan, pitch: 0)]) == nil)
        #expect(ConfidenceCurve(points: [.init(timeSeconds: 0, confidence: 1.5)]) == nil)
    }
}

@Suite struct SmoothedSubjectPathTests {
    // Still, then 2 rad/s from t = 1 to 2, then still; with a jump at 4.
    let points: [SubjectPath.Point] = [
        .init(timeSeconds: 0, yaw: 0, pitch: 0),
        .init(timeSeconds: 1, yaw: 0, pitch: 0),
        .init(timeSeconds: 2, yaw: 2, pitch: 0),
        .init(timeSeconds: 4, yaw: 2, pitch: 0),
        .init(timeSeconds: 4, yaw: 3, pitch: 0),
    ]

    @Test func cornersBecomeParabolicBlendsOfTheGivenLength() throws {
        let smooth = try #require(SubjectPath(points: points, smoothingSeconds: 0.4))
        // Untouched away from the corners.
        #expect(smooth.position(at: 0.7).yaw == 0)
        #expect(abs(smooth.position(at: 1.5).yaw - 1) < 1e-12)
        #expect(abs(smooth.velocity(at: 1.5).yaw - 2) < 1e-12)
        // The blend runs from 0.8 to 1.2 at 2 / 0.4 = 5 rad/s².
        #expect(abs(smooth.velocity(at: 0.9).yaw - 0.5) < 1e-12)
        #expect(abs(smooth.velocity(at: 1.0).yaw - 1) < 1e-12)
        #expect(abs(smooth.position(at: 1.0).yaw - 0.5 * 5 * 0.2 * 0.2) < 1e-12)
        // Acceleration never exceeds Δv/τ anywhere.
        var t = 0.0, previous = smooth.velocity(at: 0).yaw
        while t < 5 {
            t += 0.001
            let v = smooth.velocity(at: t).yaw
            #expect(abs(v - previous) / 0.001 <= 5 + 1e-6)
            previous = v
        }
    }

    @Test func jumpsStayJumpsAndTheEndIsHeld() throws {
        let smooth = try #require(SubjectPath(points: points, smoothingSeconds: 0.4))
        #expect(abs(smooth.position(at: 3.999).yaw - 2) < 1e-12)
        #expect(abs(smooth.position(at: 4).yaw - 3) < 1e-12)
        #expect(abs(smooth.position(at: 9).yaw - 3) < 1e-12)
        #expect(smooth.steps == [SubjectPath.Step(timeSeconds: 4, yaw: 1, pitch: 0)])
        // The motion starting at 1 begins τ/2 earlier; the jump at its instant.
        #expect(smooth.nextChange(after: 0.2) == 0.8)
        #expect(smooth.nextChange(after: 2.5) == 4)
    }

    @Test func zeroSmoothingIsTheKeyframePath() throws {
        let raw = try #require(SubjectPath(points: points))
        let zero = try #require(SubjectPath(points: points, smoothingSeconds: 0))
        for t in stride(from: -1.0, through: 6, by: 0.05) {
            #expect(raw.position(at: t) == zero.position(at: t))
        }
        #expect(SubjectPath(points: points, smoothingSeconds: -0.1) == nil)
        #expect(SubjectPath(points: points, smoothingSeconds: .nan) == nil)
    }
}
