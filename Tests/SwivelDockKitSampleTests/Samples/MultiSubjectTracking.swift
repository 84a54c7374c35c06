// The DockKit app guide's extended patterns, "Multi-Subject Tracking Logic",
// "Prioritizing by Saliency".
import SwivelDockKit

func trackMostSalient(accessory: DockAccessory) async throws {
    guard #available(iOS 18.0, *) else { return }

    for await state in try accessory.trackingStates {
        // Find the subject with saliency rank 1 (most important)
        let primary = state.trackedSubjects.first { subject in
            switch subject {
            case .person(let person):
                return person.saliencyRank == 1
            case .object(let object):
                return object.saliencyRank == 1
            }
        }

        if let primary {
            let id: UUID
            switch primary {
            case .person(let person): id = person.identifier
            case .object(let object): id = object.identifier
            }
            try await accessory.selectSubjects([id])
        }
    }
}
