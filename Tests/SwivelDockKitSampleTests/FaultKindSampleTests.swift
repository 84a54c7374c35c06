import SwivelDockKit
import Testing

extension DockKitSampleTests {
    /// Issue 24: a motion state's motor fault said "following error" (the
    /// axis far from its command) for every `motorFault`, steps written too
    /// late included; it now names the kind the stand detected. And the
    /// motion state says whether the drivers are on.
    @Test func aMotorFaultNamesTheKindTheStandDetected() async throws {
        let stand = try await SampleStand.docked()
        let accessory = try await stand.accessory()
        try await disableSystemTracking()
        let states = try accessory.motionStates
        stand.pump.hold()
        try await panRightTiltDown(accessory: accessory)
        await stand.pump.advance(bySeconds: 0.3)
        // A tick 2.5 ms late: a step it planned is past the tolerance and
        // dropped. At 0.2 rad/s a step falls in some periods only: late
        // ticks until one had one.
        let late = stand.pump.inspect { _, virtual in
            for _ in 0..<50 where virtual.stand.status().fault == nil {
                virtual.tick(wakingLateBy: 2_500_000)
                virtual.skipDeadlines(2)
                virtual.tick()
            }
            return virtual.stand.status().fault.map { "\($0)" }
        }
        #expect(late?.contains("could not be written in time") == true, "\(String(describing: late))")
        stand.pump.release()
        var sawDriversOn = false
        var reason: String?
        for await state in states {
            sawDriversOn = sawDriversOn || state.areDriversEnabled
            if let error = state.error as? SwivelStandError, !state.areDriversEnabled {
                #expect(error.code == .motorFault)
                reason = error.reason
                break
            }
        }
        #expect(sawDriversOn, "the drivers were on while the stand turned")
        #expect(reason?.hasPrefix("stepsTooLate: motor fault: an axis's steps could not be written in time") == true,
                "\(String(describing: reason))")
        #expect(reason?.contains("far from where it was commanded") == false)
    }
}
