import SwivelProtocol
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// Retransmission and duplicate detection, end to end: the pump loses a frame
/// on purpose and SwivelKit must recover without moving the stand twice.
@Suite(.serialized, .hangGuard) struct ReliabilityTests {
    static func relativeMove(_ message: HostMessage) -> Bool {
        if case .setOrientation(let request) = message { return request.relative }
        return false
    }

    @Test func aLostCommandIsRetransmittedWithTheSameSequenceNumber() async throws {
        let rig = try await Rig.docked(manual: true)
        rig.pump.dropFirstCommand { _, message in Self.relativeMove(message) }
        let progress = try await rig.session.setOrientation(Vector3(yaw: 0.3), duration: .milliseconds(500), relative: true)
        #expect(await progress.finished() == .finished)
        await rig.settle()
        #expect(abs(rig.pump.measured.yaw - 0.3) < 0.002)
        let copies = rig.pump.copies(of: Self.relativeMove)
        #expect(copies.count == 2)
        #expect(Set(copies.map(\.header.sequence)).count == 1)
        #expect(copies.map { $0.header.flags.contains(.retransmission) } == [false, true])
    }

    @Test func aLostReplyIsAnsweredAgainButTheMoveRunsOnce() async throws {
        let rig = try await Rig.docked(manual: true)
        rig.pump.dropFirstReply { _, message in message.isMoveReceipt }
        let progress = try await rig.session.setOrientation(Vector3(yaw: 0.3), duration: .milliseconds(500), relative: true)
        #expect(await progress.finished() == .finished)
        await rig.settle()
        // +0.3 once, not +0.6.
        #expect(abs(rig.pump.measured.yaw - 0.3) < 0.002)
        #expect(rig.pump.copies(of: Self.relativeMove).count == 2)
        #expect(rig.pump.inspect { hub, _ in hub.statistics.duplicatesAnswered } == 1)
    }

    /// A loaded machine runs the stand slower than real time, and it fell
    /// behind SwivelKit's 200 ms wall-clock timeout: a stand that stalled 0.5 s
    /// before answering was sent two more copies. On the stand's clock (the
    /// pump's, as every Rig's host is) the stall is no time at all.
    @Test func aStandThatStallsBeforeAnsweringIsSentNoCopies() async throws {
        let rig = try await Rig.docked(manual: true)
        rig.pump.stallOnce(realSeconds: 0.5) { _, message in Self.relativeMove(message) }
        let progress = try await rig.session.setOrientation(Vector3(yaw: 0.3), duration: .milliseconds(500), relative: true)
        #expect(await progress.finished() == .finished)
        #expect(rig.pump.copies(of: Self.relativeMove).count == 1)
        #expect(rig.pump.inspect { hub, _ in hub.statistics.duplicatesAnswered } == 0)
    }

    @Test func aStandThatStopsAnsweringTimesOutAndUndocks() async throws {
        let rig = try await Rig.docked(manual: true)
        var changes = rig.connection.sessionChanges.makeAsyncIterator()
        #expect(await changes.next()?.kind == .docked)
        rig.pump.silence()
        let error = await caught { try await rig.session.stop() }
        #expect(error?.code == .timedOut)
        let undocked = await changes.next()
        #expect(undocked?.kind == .undocked)
        #expect(undocked?.session === rig.session)
        // The same frame again and again, flagged after the first: 1 + 5 sends,
        // 200 ms apart on the stand's clock.
        let stops = rig.pump.copies { $0 == .stop }
        #expect(stops.count == 1 + LinkTiming().retransmissions)
        #expect(Set(stops.map(\.header.sequence)).count == 1)
        #expect(stops.dropFirst().allSatisfy { $0.header.flags.contains(.retransmission) })
    }

    static func isProgress(_: FrameHeader, _ message: AccessoryMessage) -> Bool {
        if case .progress = message { return true }
        return false
    }

    @Test func progressLostInTransitIsRecoveredByAskingTheState() async throws {
        let rig = try await Rig.docked(manual: true)
        rig.pump.dropTelemetry(where: Self.isProgress)
        let progress = try await rig.session.setOrientation(Vector3(yaw: 0.5), duration: .milliseconds(500))
        #expect(await progress.finished() == .finished)
        #expect(progress.fractionCompleted == 1)
        // One GET_STATE in the handshake, at least one more for the lost progress.
        #expect(rig.pump.copies { $0 == .getState }.count >= 2)
    }

    @Test func aMoveReplacedWhileItsProgressWasLostEndsCancelled() async throws {
        let rig = try await Rig.docked(manual: true)
        rig.pump.dropTelemetry(where: Self.isProgress)
        // Held: the second move replaces the first exactly 0.1 s into its 1 s,
        // however late a loaded machine runs this test (0.9 s late, and the
        // first would have been due: finished, not cancelled).
        rig.pump.hold()
        let first = try await rig.session.setOrientation(Vector3(yaw: 1), duration: .seconds(1))
        await rig.pump.advance(bySeconds: 0.1)
        let second = try await rig.session.setOrientation(Vector3(yaw: -0.2), duration: .milliseconds(500))
        rig.pump.release()
        #expect(await second.finished() == .finished)
        #expect(await first.finished() == .cancelled)
    }
}
