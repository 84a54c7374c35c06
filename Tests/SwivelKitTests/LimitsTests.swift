@testable import SwivelKit
import Testing
import SwivelStandHarness

@Suite(.serialized, .hangGuard) struct LimitsTests {
    typealias Limit = DockAccessory.Limits.Limit

    @Test func aLimitIsCheckedLocallyByTheStandsRules() {
        func reason(_ reason: SwivelError.Reason, _ value: Double) -> SwivelKitError {
            .invalidParameter("\(reason.text) (got \(value))")
        }
        #expect(caughtNow { try Limit(positionRange: 0.5...0.5, maximumSpeed: 1) } == reason(.rangeMinimumNotBelowMaximum, 0.5))
        #expect(caughtNow { try Limit(positionRange: -1...1, maximumSpeed: 0) } == reason(.nonPositiveSpeed, 0))
        #expect(caughtNow { try Limit(positionRange: -1...1, maximumSpeed: -2) } == reason(.nonPositiveSpeed, -2))
        #expect(caughtNow { try Limit(positionRange: -1...1, maximumSpeed: .nan) }?.code == .invalidParameter)
        #expect(caughtNow { try Limit(positionRange: -1...1, maximumSpeed: .infinity) } == reason(.nonFiniteValue, .infinity))
        #expect(caughtNow { try Limit(positionRange: -Double.infinity...1, maximumSpeed: 1) } == reason(.nonFiniteValue, -.infinity))
        #expect(caughtNow { try Limit(positionRange: 0..<0, maximumSpeed: 1) } == reason(.rangeMinimumNotBelowMaximum, 0))
        #expect(caughtNow { try Limit(minimum: .nan, maximum: 1, maximumSpeed: 1) }?.code == .invalidParameter)
        #expect(caughtNow { try Limit(minimum: .nan, maximum: 1, maximumSpeed: 1) }?.reason.hasPrefix(SwivelError.Reason.nonFiniteValue.text) == true)
    }

    @Test func aValidLimitKeepsItsNumbers() throws {
        let closed = try Limit(positionRange: -1...1, maximumSpeed: 0.5)
        #expect(closed.positionRange == -1...1)
        #expect(closed.maximumSpeed == 0.5)
        // DockKit's examples write a half-open range; its upper bound is the maximum.
        let halfOpen = try Limit(positionRange: -1.0..<1.0, maximumSpeed: 0.5)
        #expect(halfOpen == closed)
    }

    @Test func limitsApplyAndShowInTheStateUntilReset() async throws {
        let rig = try await Rig.docked()
        try await rig.accessory.setLimits(DockAccessory.Limits(yaw: try Limit(positionRange: -0.5...0.5, maximumSpeed: 1)))
        let limited = try #require(try await rig.accessory.state().limits.yaw)
        #expect(limited.positionRange == -0.5...0.5)
        #expect(limited.maximumSpeed == 1)
        try await rig.accessory.resetLimits()
        let reset = try #require(try await rig.accessory.state().limits.yaw)
        #expect(abs((reset.positionRange?.upperBound ?? 0) - 2.8) < 1e-6)
        #expect(abs(reset.maximumSpeed - 3) < 1e-6)
    }

    @Test func aLimitOutsideTheHardwareIsRefusedByTheStandNamingTheAxis() async throws {
        let rig = try await Rig.docked()
        let outside = DockAccessory.Limits(yaw: try Limit(positionRange: 5...6, maximumSpeed: 1))
        let error = await caught { try await rig.accessory.setLimits(outside) }
        #expect(error?.code == .invalidParameter)
        #expect(error?.reason.hasPrefix("yaw: \(SwivelError.Reason.emptyLimitIntersection.text)") == true)
    }

    @Test func aLimitOnAnAxisTheStandLacksIsNotSupportedByDevice() async throws {
        let rig = try await Rig.docked(board: "sim-continuous.json5")
        #expect(!rig.accessory.axes.contains(.roll))
        let roll = DockAccessory.Limits(roll: try Limit(positionRange: -0.1...0.1, maximumSpeed: 1))
        let error = await caught { try await rig.accessory.setLimits(roll) }
        #expect(error == .notSupportedByDevice("roll: \(SwivelError.Reason.axisNotPresent.text)"))
    }
}
