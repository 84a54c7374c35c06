#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelCore
import SwivelProtocol
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

/// What TRACK answers when the sender's identifier for the one face changes
/// (a detector that re-assigns identifiers, or a new person), through the wire.
@Suite struct LinkNewSubjectTests {
    /// Batches every 33 ms for `seconds` of one face at `subjectYaw` named `identifier`; the replies.
    func send(_ h: LinkHarness, identifier: Int64, subjectYaw: Double, seconds: Double, from id: SessionID) -> [AccessoryMessage] {
        var replies: [AccessoryMessage] = []
        for tick in 0..<Int(seconds * 1000) {
            if tick % 33 == 0 {
                let batch = LinkHarness.batch(subjectYaw: subjectYaw, standYaw: h.positions.yaw, identifier: identifier)
                let seq = h.send(.track(batch), from: id)
                replies += h.replies(to: seq, on: id)
            }
            h.step()
        }
        return replies
    }

    func customTracking() throws -> (LinkHarness, SessionID) {
        let h = try LinkHarness()
        let id = h.dockedSession()
        #expect(h.call(.setSystemTracking(enabled: false), on: id)?.isAck == true)
        return (h, id)
    }

    @Test func aOneFaceBatchWithANewIdentifierIsAcknowledgedAndTakesOverAfterTheGrace() throws {
        let (h, id) = try customTracking()
        let first = send(h, identifier: 7, subjectYaw: 0.3, seconds: 2, from: id)
        #expect(first.allSatisfy { $0.isAck })
        #expect(abs(h.positions.yaw - 0.3) < 0.02, "yaw \(h.positions.yaw)")
        // The sender renames the face and it walks on to -0.2: every batch is
        // valid and has a face, so none is noSubjectFound.
        let renamed = send(h, identifier: 8, subjectYaw: -0.2, seconds: 3, from: id)
        let errors = renamed.compactMap(\.errorCode)
        #expect(errors.isEmpty, "\(errors.count) of \(renamed.count): \(Set(errors))")
        // After the primary's 0.3 s grace the new identifier is framed and followed.
        #expect(abs(h.positions.yaw + 0.2) < 0.02, "yaw \(h.positions.yaw)")
    }

    @Test func nobodyInTheBatchOrOnlyStrangersWhileLockedIsNoSubjectFoundWithTheTrueReason() throws {
        let (h, id) = try customTracking()
        _ = send(h, identifier: 7, subjectYaw: 0.1, seconds: 0.5, from: id)
        // Lock on the face by tapping it (its rect's centre, upper-left origin).
        guard case .ack? = h.call(.selectSubject(at: NormalizedPointUpperLeft(x: 0.5 + tan(0.1 - h.positions.yaw) / (2 * tan(LinkHarness.halfWidth)), y: 0.385)), on: id) else {
            Issue.record("the tap found nobody")
            return
        }
        // Someone else while the locked face is away: the lock holds, nobody is framed.
        let strangers = send(h, identifier: 9, subjectYaw: 0.1, seconds: 0.5, from: id)
        #expect(strangers.allSatisfy { $0.errorCode == .noSubjectFound })
        #expect(reason(of: strangers.last).contains("not in this batch"))
        // Past forget-after (1 s) the lock ends: the reason says to select again.
        let later = send(h, identifier: 9, subjectYaw: 0.1, seconds: 1, from: id)
        #expect(later.allSatisfy { $0.errorCode == .noSubjectFound })
        #expect(reason(of: later.last).contains("select again"), "\(reason(of: later.last))")
        // An empty batch.
        let empty = TrackBatch(captureAgeMicroseconds: 0, camera: LinkHarness.camera, observations: [])
        let reply = h.call(.track(empty), on: id)
        #expect(reply?.errorCode == .noSubjectFound)
        #expect(reason(of: reply) == "no subject in this batch")
    }

    private func reason(of message: AccessoryMessage?) -> String {
        if case .error(let e)? = message { return e.reason }
        return "(not an error)"
    }
}
