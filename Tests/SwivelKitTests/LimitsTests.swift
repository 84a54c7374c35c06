@testable import SwivelKit
import Testing
import SwivelStandHarness

@Suite(.serialized, .hangGuard) struct LimitsTests {
    /// The vocabulary's limit, its refusal read as the stand's would be.
    static func limit(_ lower: Double, _ upper: Double, speed: Double) throws(SwivelKitError) -> UserAxisLimit {
        do throws(SwivelError) {
            return try UserAxisLimit(lowerRadians: lower, upperRadians: upper, maximumSpeed: speed)
        } catch {
            throw SwivelKitError(error)
        }
    }

    @Test func aLimitIsCheckedLocallyByTheStandsRules() {
        func reason(_ reason: SwivelError.Reason, _ value: Double) -> SwivelKitError {
            SwivelKitError(.invalidParameter, "\(reason.text) (got \(value))")
        }
        #expect(caughtNow { try Self.limit(0.5, 0.5, speed: 1) } == reason(.rangeMinimumNotBelowMaximum, 0.5))
        #expect(caughtNow { try Self.limit(-1, 1, speed: 0) } == reason(.nonPositiveSpeed, 0))
        #expect(caughtNow { try Self.limit(-1, 1, speed: -2) } == reason(.nonPositiveSpeed, -2))
        #expect(caughtNow { try Self.limit(-1, 1, speed: .nan) }?.code == .stand(.invalidParameter))
        #expect(caughtNow { try Self.limit(-1, 1, speed: .infinity) } == reason(.nonFiniteValue, .infinity))
        #expect(caughtNow { try Self.limit(-.infinity, 1, speed: 1) } == reason(.nonFiniteValue, -.infinity))
        #expect(caughtNow { try Self.limit(.nan, 1, speed: 1) }?.code == .stand(.invalidParameter))
        #expect(caughtNow { try Self.limit(.nan, 1, speed: 1) }?.reason.hasPrefix(SwivelError.Reason.nonFiniteValue.text) == true)
    }

    @Test func aValidLimitKeepsItsNumbers() throws {
        let limit = try Self.limit(-1, 1, speed: 0.5)
        #expect(limit.positionRange.lowerRadians == -1 && limit.positionRange.upperRadians == 1)
        #expect(limit.maximumSpeed == 0.5)
    }

    @Test func limitsApplyAndShowInTheStateUntilReset() async throws {
        let rig = try await Rig.docked()
        try await rig.session.setLimits(UserLimits(yaw: try Self.limit(-0.5, 0.5, speed: 1)))
        let limited = try #require(try await rig.session.state().limits.yaw)
        #expect(limited.positionRange == -0.5...0.5)
        #expect(limited.maximumSpeed == 1)
        try await rig.session.resetLimits()
        let reset = try #require(try await rig.session.state().limits.yaw)
        #expect(abs((reset.positionRange?.upperBound ?? 0) - 2.8) < 1e-6)
        #expect(abs(reset.maximumSpeed - 3) < 1e-6)
    }

    @Test func aLimitOutsideTheHardwareIsRefusedByTheStandNamingTheAxis() async throws {
        let rig = try await Rig.docked()
        let outside = UserLimits(yaw: try Self.limit(5, 6, speed: 1))
        let error = await caught { try await rig.session.setLimits(outside) }
        #expect(error?.code == .stand(.invalidParameter))
        #expect(error?.reason.hasPrefix("yaw: \(SwivelError.Reason.emptyLimitIntersection.text)") == true)
    }

    @Test func aLimitOnAnAxisTheStandLacksIsNotSupportedByDevice() async throws {
        let rig = try await Rig.docked(board: "sim-continuous.json5")
        #expect(!rig.session.axes.contains(.roll))
        let roll = UserLimits(roll: try Self.limit(-0.1, 0.1, speed: 1))
        let error = await caught { try await rig.session.setLimits(roll) }
        #expect(error == SwivelKitError(.notSupportedByDevice, "roll: \(SwivelError.Reason.axisNotPresent.text)"))
    }
}
