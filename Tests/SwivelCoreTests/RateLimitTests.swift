import SwivelTestSupport
import Testing
@testable import SwivelCore

@Suite struct CallRateLimiterTests {
    @Test func twoPerSlidingSecondWithHalfOpenWindow() {
        var limiter = CallRateLimiter()
        func call(_ t: Double) -> Bool {
            guard limiter.wouldAdmit(at: t) else { return false }
            limiter.record(at: t)
            return true
        }
        #expect(call(0.0))
        #expect(call(0.1))
        #expect(!call(0.2))
        #expect(!call(0.999_999))
        #expect(call(1.0))   // the call at 0.0 is exactly one window old: out
        #expect(!call(1.05)) // 0.1 and 1.0 are in (0.05, 1.05]
        #expect(call(1.1))   // 0.1 is not in (0.1, 1.1]
        #expect(!call(1.2))
    }

    @Test func rejectedCallsSpendNoBudget() {
        var limiter = CallRateLimiter()
        limiter.record(at: 0)
        limiter.record(at: 0.5)
        for t in stride(from: 0.6, to: 1.0, by: 0.01) { #expect(!limiter.wouldAdmit(at: t)) }
        #expect(limiter.wouldAdmit(at: 1.0))
    }
}

@Suite struct ControllerRateLimitTests {
    @Test func setOrientationAndAnimateShareTheBudget() throws {
        var h = ControllerHarness()
        _ = try h.start(.setOrientation(.angles(Vector3(yaw: 0.2)), durationSeconds: 1, relative: false))
        h.run(seconds: 0.3)
        _ = try h.start(.animate(.yes))
        h.run(seconds: 0.3)
        #expect(throws: SwivelError(.frameRateTooHigh, .orientationCallRateExceeded)) {
            try h.send(.setOrientation(.angles(Vector3(yaw: 0.4)), durationSeconds: 1, relative: false))
        }
        #expect(throws: SwivelError(.frameRateTooHigh, .orientationCallRateExceeded)) { try h.send(.animate(.no)) }
        // Velocity, stop and limits are not rate limited.
        _ = try h.send(.setAngularVelocity(Vector3(yaw: 0.1)))
        _ = try h.send(.stop)
        _ = try h.send(.resetLimits)
        // The first call (t = 0) leaves the window at t = 1.0.
        h.run(seconds: 0.4)
        #expect(abs(h.now - 1.0) < 1e-9)
        _ = try h.start(.animate(.no))
    }

    @Test func aRejectedCallChangesNothing() throws {
        var h = ControllerHarness()
        let first = try h.start(.setOrientation(.angles(Vector3(yaw: 0.5)), durationSeconds: 1, relative: false))
        _ = try h.start(.setOrientation(.angles(Vector3(yaw: 0.6)), durationSeconds: 1, relative: false))
        let before = h.controller.activeMotion
        #expect(throws: SwivelError.self) { try h.send(.animate(.kapow)) }
        #expect(h.controller.activeMotion == before)
        #expect(h.controller.progress(of: first.requestID)?.isCancelled == true)
        #expect(h.controller.progress(of: first.requestID + 2) == nil)
    }
}
