// The DockKit app guide, "Tracking State and Subject Selection". The guide
// leaves updateSubjectOverlay to the app; here it records.
import SwivelDockKit

func followTrackingStates(accessory: DockAccessory) async throws {
    if #available(iOS 18.0, *) {
        for await state in try accessory.trackingStates {
            var speaker: UUID?
            var engaged: UUID?
            var salient: (id: UUID, rank: Int)?
            for subject in state.trackedSubjects {
                switch subject {
                case .person(let person):
                    let id = person.identifier, rect = person.rect
                    let speaking = person.speakingConfidence
                    let looking = person.lookingAtCameraConfidence
                    let rank = person.saliencyRank
                    updateSubjectOverlay(id: id, rect: rect)
                    if let speaking, speaking > 0.7 { speaker = id }
                    if let looking, looking > 0.7 { engaged = id }
                    if let rank, salient == nil || rank < salient!.rank { salient = (id, rank) }
                case .object(let object):
                    let id = object.identifier, rect = object.rect
                    let rank = object.saliencyRank
                    updateSubjectOverlay(id: id, rect: rect)
                    if let rank, salient == nil || rank < salient!.rank { salient = (id, rank) }
                }
            }
            if let id = speaker ?? engaged ?? salient?.id { try await accessory.selectSubjects([id]) }
        }
    }
}

func updateSubjectOverlay(id: UUID, rect: CGRect) {
    sampleLog.record { $0.overlays.append((id, rect)) }
}
