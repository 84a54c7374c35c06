import SwivelCore
import SwivelProtocol
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// A move a motor fault ended, as an app sees it through SwivelKit.
@Suite(.serialized, .hangGuard) struct FaultProgressTests {
    @Test func aMotorFaultEndsTheMoveFailedWithTheFaultsReason() async throws {
        let rig = try await Rig.docked(manual: true)
        // Held: yaw jams exactly 0.4 s into the 3 s move, however late a
        // loaded machine runs this test.
        rig.pump.hold()
        let progress = try await rig.session.setOrientation(Vector3(yaw: 2), duration: .seconds(3))
        await rig.pump.advance(bySeconds: 0.4)
        let jammed = rig.pump.inspect { _, virtual in (try? virtual.simulation.model.jam(axis: .yaw)) != nil }
        #expect(jammed)
        rig.pump.release()
        #expect(await progress.finished() == .failed)
        #expect(progress.isFailed && !progress.isCancelled)
        // The reason is the one the stand refuses motion with for the fault it latched.
        let latched = rig.pump.inspect { _, virtual in virtual.stand.status().fault }
        let fault = try #require(latched)
        #expect(progress.fault != nil)
        #expect(progress.failureReason == AxisFaultMonitor.refusal(for: fault).reason.text)
        let state = try await rig.session.state()
        #expect(state.lastProgress?.requestID == progress.requestID)
        #expect(state.lastProgress?.state == .failed)
    }

    /// Issue 24: a move that steps written too late ended was given the
    /// following error's reason ("far from where it was commanded").
    @Test func stepsWrittenTooLateAreNamedAsSuch() async throws {
        let rig = try await Rig.docked(manual: true)
        rig.pump.hold()
        let progress = try await rig.session.setOrientation(Vector3(yaw: 2), duration: .seconds(3))
        await rig.pump.advance(bySeconds: 0.4)
        // A tick 2.5 ms late: a step it planned is past the tolerance and
        // dropped; a period with no step in it drops nothing, so until one had.
        let late = rig.pump.inspect { _, virtual in
            for _ in 0..<50 where virtual.stand.status().fault == nil {
                virtual.tick(wakingLateBy: 2_500_000)
                virtual.skipDeadlines(2)
                virtual.tick()
            }
            return virtual.stand.status().fault
        }
        guard case .motor(.yaw, .stepsTooLate)? = late else {
            Issue.record("expected steps too late on yaw, got \(String(describing: late))")
            return
        }
        rig.pump.release()
        #expect(await progress.finished() == .failed)
        #expect(progress.fault == .motorFault)
        #expect(progress.faultKind == .stepsTooLate)
        #expect(progress.failureReason == SwivelError.Reason.stepsTooLateFault.text)
        let state = try await rig.session.state()
        #expect(state.fault == .stepsTooLate)
        #expect(state.faultAxis == .yaw)
        #expect(state.faultDescription?.hasPrefix("yaw's steps could not be written in time") == true, "\(String(describing: state.faultDescription))")
        // The fault's stop is over: no driver is left on.
        await rig.pump.advance(bySeconds: 1)
        #expect(try await rig.session.state().enabledDriverAxes.isEmpty)
    }

    @Test func aMoveThatEndsOtherwiseHasNoFailureReason() async throws {
        let rig = try await Rig.docked(manual: true)
        let progress = try await rig.session.setOrientation(Vector3(yaw: 0.2), duration: .seconds(0.5))
        #expect(await progress.finished() == .finished)
        #expect(progress.fault == nil)
        #expect(progress.failureReason == nil)
    }
}
