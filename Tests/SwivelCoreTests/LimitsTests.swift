import Testing
@testable import SwivelCore

@Suite struct LimitsValidationTests {
    @Test func rangeMinimumMustBeBelowMaximum() {
        #expect(throws: SwivelError(.invalidParameter, .rangeMinimumNotBelowMaximum, axis: .yaw, value: 1)) {
            try UserAxisLimit(lowerRadians: 1, upperRadians: 1, maximumSpeed: 1, axis: .yaw)
        }
        #expect(throws: SwivelError(.invalidParameter, .rangeMinimumNotBelowMaximum, axis: .yaw, value: 2)) {
            try UserAxisLimit(lowerRadians: 2, upperRadians: 1, maximumSpeed: 1, axis: .yaw)
        }
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteValuesAreInvalid(_ bad: Double) throws {
        let attempts: [(Double, Double, Double)] = [(bad, 1, 1), (-1, bad, 1), (-1, 1, bad)]
        for (lower, upper, speed) in attempts {
            do {
                _ = try UserAxisLimit(lowerRadians: lower, upperRadians: upper, maximumSpeed: speed)
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.code == .invalidParameter)
                // NaN is "not finite", and +∞ is never silently a huge cap.
                #expect(error.reason == .nonFiniteValue)
            }
        }
    }

    @Test(arguments: [0.0, -1.0])
    func speedMustBePositive(_ speed: Double) {
        #expect(throws: SwivelError(.invalidParameter, .nonPositiveSpeed, value: speed)) {
            try UserAxisLimit(lowerRadians: -1, upperRadians: 1, maximumSpeed: speed)
        }
    }

    @Test func accelerationMustBePositive() {
        #expect(throws: SwivelError(.invalidParameter, .nonPositiveAcceleration, value: 0)) {
            try AxisLimits(positionRange: nil, maximumSpeed: 1, maximumAcceleration: 0)
        }
    }

    @Test func errorsReadWell() {
        let error = SwivelError(.invalidParameter, .nonPositiveSpeed, axis: .pitch, value: -1)
        #expect(error.description == "invalidParameter: pitch: maximum speed must be greater than 0 (got -1.0)")
    }
}

@Suite struct EffectiveLimitsTests {
    let hardware = PerAxis<AxisLimits?>(
        pitch: try! AxisLimits(positionRange: PositionRange(lowerRadians: -0.7, upperRadians: 0.7), maximumSpeed: 2, maximumAcceleration: 10),
        yaw: try! AxisLimits(positionRange: nil, maximumSpeed: 3, maximumAcceleration: 12),
        roll: nil)

    @Test func intersectsWithTheHardware() throws {
        let user = UserLimits(pitch: try UserAxisLimit(lowerRadians: -2, upperRadians: 0.3, maximumSpeed: 5))
        let result = try EffectiveLimits.intersect(hardware: hardware, user: user, currentPositions: PerAxis(repeating: 0))
        #expect(result.pitch?.positionRange == (try PositionRange(lowerRadians: -0.7, upperRadians: 0.3)))
        #expect(result.pitch?.maximumSpeed == 2) // the user cannot raise the hardware cap
        #expect(result.pitch?.maximumAcceleration == 10)
        #expect(result.yaw == hardware.yaw) // untouched axis
    }

    @Test func slowerUserSpeedWins() throws {
        let user = UserLimits(pitch: try UserAxisLimit(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.5))
        let result = try EffectiveLimits.intersect(hardware: hardware, user: user, currentPositions: PerAxis(repeating: 0))
        #expect(result.pitch?.maximumSpeed == 0.5)
    }

    @Test func emptyIntersectionIsInvalid() throws {
        let user = UserLimits(pitch: try UserAxisLimit(lowerRadians: 1, upperRadians: 2, maximumSpeed: 1))
        #expect(throws: SwivelError(.invalidParameter, .emptyLimitIntersection, axis: .pitch, value: 1)) {
            try EffectiveLimits.intersect(hardware: hardware, user: user, currentPositions: PerAxis(repeating: 0))
        }
    }

    @Test func missingAxisIsNotSupportedByDevice() throws {
        let user = UserLimits(roll: try UserAxisLimit(lowerRadians: -1, upperRadians: 1, maximumSpeed: 1))
        #expect(throws: SwivelError(.notSupportedByDevice, .axisNotPresent, axis: .roll)) {
            try EffectiveLimits.intersect(hardware: hardware, user: user, currentPositions: PerAxis(repeating: 0))
        }
    }

    @Test func continuousAxisRangeSitsOnTheCurrentTurn() throws {
        let user = UserLimits(yaw: try UserAxisLimit(lowerRadians: -1, upperRadians: 1, maximumSpeed: 1))
        var positions = PerAxis<Double>(repeating: 0)
        positions.yaw = 2 * Double.pi + 0.2
        let result = try EffectiveLimits.intersect(hardware: hardware, user: user, currentPositions: positions)
        let range = try #require(result.yaw?.positionRange)
        #expect(abs(range.lowerRadians - (2 * Double.pi - 1)) < 1e-12)
        #expect(abs(range.upperRadians - (2 * Double.pi + 1)) < 1e-12)
    }

    @Test func continuousAxisRangeWiderThanATurnIsInvalid() throws {
        let user = UserLimits(yaw: try UserAxisLimit(lowerRadians: -4, upperRadians: 4, maximumSpeed: 1))
        #expect(throws: SwivelError(.invalidParameter, .rangeOnContinuousAxisTooWide, axis: .yaw, value: 8)) {
            try EffectiveLimits.intersect(hardware: hardware, user: user, currentPositions: PerAxis(repeating: 0))
        }
    }
}
