import SwivelCore
import Testing

/// Approximately Gaussian noise from the seeded generator (Irwin–Hall: the sum
/// of twelve uniforms, minus six, has mean 0 and variance 1).
struct SeededNoise {
    var random: SeededRandom
    init(seed: UInt64) { random = SeededRandom(seed: seed) }
    mutating func next(standardDeviation: Double) -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += Double.random(in: 0..<1, using: &random) }
        return (sum - 6) * standardDeviation
    }
}

/// The subject filter: a constant-acceleration Kalman filter on one world angle.
@Suite struct TrackingControllerFilterTests {
    static let frame = 0.033

    @Test func convergesOnAConstantVelocitySubjectThroughNoise() {
        var filter = SubjectFilter()
        var noise = SeededNoise(seed: 42)
        let truth = { (t: Double) in 0.2 + 1.0 * t }
        var angleSquares = 0.0, velocityErrors = 0.0, velocitySquares = 0.0, predictionSquares = 0.0, count = 0.0
        for frame in 0..<300 { // 10 s at 30 per second
            let t = Double(frame) * Self.frame
            filter.update(at: t, angle: truth(t) + noise.next(standardDeviation: 0.005))
            guard t >= 2 else { continue }
            count += 1
            angleSquares += (filter.angle - truth(t)) * (filter.angle - truth(t))
            velocityErrors += filter.velocity - 1
            velocitySquares += (filter.velocity - 1) * (filter.velocity - 1)
            // A camera latency ahead, where the controller aims.
            let ahead = filter.predicted(at: t + 0.1, horizonCap: 0.25).angle - truth(t + 0.1)
            predictionSquares += ahead * ahead
        }
        // Measured (seed 42): angle 0.0042, bias −0.0003, speed 0.077, prediction 0.011 (RMS).
        #expect((angleSquares / count).squareRoot() < 0.005) // better than one raw observation
        #expect(abs(velocityErrors / count) < 0.01) // no lag, no bias
        #expect((velocitySquares / count).squareRoot() < 0.1)
        #expect((predictionSquares / count).squareRoot() < 0.02)
    }

    @Test func followsAnAcceleratingSubjectWithoutLag() {
        var filter = SubjectFilter()
        var noise = SeededNoise(seed: 7)
        for frame in 0..<60 { // 2 s at 1.5 rad/s²
            let t = Double(frame) * Self.frame
            filter.update(at: t, angle: 0.75 * t * t + noise.next(standardDeviation: 0.002))
        }
        let t = 59 * Self.frame
        #expect(abs(filter.velocity - 1.5 * t) < 0.1)
        #expect(abs(filter.acceleration - 1.5) < 0.6)
    }

    @Test func aJumpStartsAgainAtRestRatherThanSwingingThroughIt() {
        var filter = SubjectFilter()
        #expect(filter.update(at: 0, angle: 0.1) == .started)
        for frame in 1..<30 { filter.update(at: Double(frame) * Self.frame, angle: 0.1) }
        #expect(filter.update(at: 1, angle: 0.6) == .restarted)
        #expect(filter.angle == 0.6)
        #expect(filter.velocity == 0)
        #expect(filter.acceleration == 0)
        // Below the jump threshold it is motion: filtered, not copied.
        #expect(filter.update(at: 1 + Self.frame, angle: 0.62) == .updated)
        #expect(filter.angle > 0.6 && filter.angle < 0.62)
    }

    /// A jump during motion is most likely a re-detection of the same moving
    /// subject: the angle starts again, the speed is kept.
    @Test func aJumpDuringMotionKeepsTheSpeed() {
        var filter = SubjectFilter()
        for frame in 0..<60 { filter.update(at: Double(frame) * Self.frame, angle: 1.0 * Double(frame) * Self.frame) }
        let t = 60 * Self.frame
        #expect(filter.update(at: t, angle: t + 0.2) == .restarted)
        #expect(filter.angle == t + 0.2)
        #expect(abs(filter.velocity - 1) < 1e-6)
        #expect(filter.acceleration == 0)
        #expect(filter.observationsSinceStart == 0)
    }

    /// A subject already moving fast when the filter starts moves farther per
    /// frame than the jump threshold from an at-rest prediction: the jump test
    /// waits until the filter has learnt the speed.
    @Test func picksUpASubjectAlreadyMovingFast() {
        var filter = SubjectFilter()
        var outcomes: [SubjectFilter.Update] = []
        for frame in 0..<30 {
            let t = Double(frame) * Self.frame
            outcomes.append(filter.update(at: t, angle: -1 + 2.5 * t))
        }
        #expect(outcomes.first == .started)
        #expect(!outcomes.contains(.restarted))
        #expect(abs(filter.velocity - 2.5) < 0.05)
        #expect(filter.observationsSinceStart == 29)
    }

    @Test func ignoresOldAndNonFiniteObservations() {
        var filter = SubjectFilter()
        #expect(filter.update(at: .nan, angle: 0) == .ignored)
        #expect(!filter.isStarted)
        filter.update(at: 1, angle: 0.2)
        let before = filter
        #expect(filter.update(at: 0.9, angle: 0.3) == .ignored)
        #expect(filter.update(at: 1.1, angle: .infinity) == .ignored)
        #expect(filter == before)
        filter.reset()
        #expect(!filter.isStarted)
    }

    @Test func aPredictionPastItsCapStopsMoving() {
        var filter = SubjectFilter()
        for frame in 0..<60 { filter.update(at: Double(frame) * Self.frame, angle: 0.5 * Double(frame) * Self.frame) }
        let last = filter.time
        let within = filter.predicted(at: last + 0.2, horizonCap: 0.25)
        #expect(abs(within.velocity - 0.5) < 0.05)
        #expect(abs(within.angle - (filter.angle + 0.1)) < 0.01)
        let past = filter.predicted(at: last + 2, horizonCap: 0.25)
        #expect(past.velocity == 0)
        #expect(past.angle == filter.predicted(at: last + 0.25, horizonCap: 0.25).angle)
        // Never extrapolated backwards.
        #expect(filter.predicted(at: last - 1, horizonCap: 0.25).angle == filter.angle)
    }

    /// Nothing in the filter or the controller lives on the heap: copying them
    /// into the tick and mutating them there can never allocate.
    @Test func theTrackingStateIsPlainValues() {
        #expect(_isPOD(SubjectFilter.self))
        #expect(_isPOD(TrackingController.self))
        #expect(_isPOD(TrackingTarget.self))
    }
}
