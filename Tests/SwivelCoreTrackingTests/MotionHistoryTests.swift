import SwivelCore
import SwivelTestSupport
import Testing

@Suite struct MotionHistoryTests {
    static func pose(_ yaw: Double, pitch: Double = 0) -> PerAxis<Double> { PerAxis(pitch: pitch, yaw: yaw, roll: 0) }

    @Test func interpolatesBetweenSamples() throws {
        var history = MotionHistory(capacity: 8)
        history.record(time: 1.0, positions: Self.pose(0.0, pitch: 1))
        history.record(time: 1.1, positions: Self.pose(0.5, pitch: 0))
        history.record(time: 1.3, positions: Self.pose(0.1, pitch: -1))
        let a = try #require(history.positions(at: 1.05))
        #expect(abs(a.yaw - 0.25) < 1e-12)
        #expect(abs(a.pitch - 0.5) < 1e-12)
        let b = try #require(history.positions(at: 1.25))
        #expect(abs(b.yaw - 0.2) < 1e-12)
        #expect(abs(b.pitch + 0.75) < 1e-12)
        // On a sample: that sample.
        #expect(history.positions(at: 1.1) == Self.pose(0.5))
        #expect(history.positions(at: 1.0) == Self.pose(0.0, pitch: 1))
    }

    @Test func aheadOfTheNewestSampleIsTheNewest() {
        var history = MotionHistory(capacity: 4)
        history.record(time: 2, positions: Self.pose(0.3))
        #expect(history.positions(at: 2) == Self.pose(0.3))
        #expect(history.positions(at: 7) == Self.pose(0.3))
        history.record(time: 3, positions: Self.pose(0.4))
        #expect(history.positions(at: 3.5) == Self.pose(0.4))
    }

    @Test func olderThanTheHistoryIsNil() {
        var history = MotionHistory(capacity: 4)
        #expect(history.positions(at: 0) == nil) // empty
        history.record(time: 1, positions: Self.pose(0.1))
        #expect(history.positions(at: 0.999) == nil)
        #expect(history.positions(at: .nan) == nil)
        #expect(history.positions(at: 1) == Self.pose(0.1))
    }

    @Test func theRingWrapsAndForgetsTheOldest() throws {
        var history = MotionHistory(capacity: 5)
        for i in 0..<23 { history.record(time: Double(i) * 0.001, positions: Self.pose(Double(i))) }
        // Fixed storage: still 5 samples, the newest five (ticks 18…22).
        #expect(history.capacity == 5)
        #expect(history.count == 5)
        #expect(history.oldestTime == 18 * 0.001)
        #expect(history.newestTime == 22 * 0.001)
        #expect(history.positions(at: 0.0179) == nil)
        // Interpolation across the physical wrap point, at every logical index.
        for i in 18..<22 {
            let t = (Double(i) + 0.5) * 0.001
            let p = try #require(history.positions(at: t))
            #expect(abs(p.yaw - (Double(i) + 0.5)) < 1e-9, "at \(t)")
        }
    }

    @Test func timeMustMoveForward() {
        var history = MotionHistory(capacity: 4)
        history.record(time: 1, positions: Self.pose(0.1))
        history.record(time: 2, positions: Self.pose(0.2))
        history.record(time: 1.5, positions: Self.pose(9)) // back in time: ignored
        history.record(time: .infinity, positions: Self.pose(9)) // not finite: ignored
        #expect(history.count == 2)
        history.record(time: 2, positions: Self.pose(0.25)) // same time: replaces
        #expect(history.count == 2)
        #expect(history.positions(at: 2) == Self.pose(0.25))
        #expect(history.positions(at: 1.5).map { abs($0.yaw - 0.175) < 1e-12 } == true)
    }

    @Test func aTinyCapacityStillHoldsTwoSamples() {
        var history = MotionHistory(capacity: 0)
        #expect(history.capacity == 2)
        history.record(time: 0, positions: Self.pose(0))
        history.record(time: 1, positions: Self.pose(1))
        history.record(time: 2, positions: Self.pose(3))
        #expect(history.positions(at: 1.5).map { abs($0.yaw - 2) < 1e-12 } == true)
        #expect(history.positions(at: 0.5) == nil)
        history.removeAll()
        #expect(history.count == 0)
        #expect(history.positions(at: 2) == nil)
    }

    /// The controller records one measured sample per tick, a second's worth.
    @Test func theControllerRecordsTheMeasuredPositions() throws {
        var h = ControllerHarness()
        let reach = h.controller.history.capacity
        #expect(Double(reach) * h.dt >= MotionController.historySeconds)
        for i in 0..<1500 {
            let measured = PerAxis(pitch: 0, yaw: Double(i) * 1e-3, roll: 0)
            h.controller.tick(at: h.now, measured: measured)
            h.now += h.dt
        }
        #expect(h.controller.history.count == reach)
        let p = try #require(h.controller.history.positions(at: 1.2345))
        #expect(abs(p.yaw - 1.2345) < 1e-9)
        #expect(h.controller.history.positions(at: 0.2) == nil) // older than a second and a bit
    }
}
