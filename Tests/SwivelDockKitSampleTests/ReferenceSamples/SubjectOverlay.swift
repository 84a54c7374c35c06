// Draws a box per tracked subject; redraws only when the subjects changed.
import SwivelDockKit

func runSubjectOverlay(_ states: DockAccessory.TrackingStates, updates: Int) async {
    var previous: [DockAccessory.TrackedSubjectType] = []
    var drawn = 0
    for await state in states {
        referenceLog.record { $0.trackingTimes.append(state.time) }
        if state.trackedSubjects != previous {
            previous = state.trackedSubjects
            referenceLog.record { $0.subjects.append(state.trackedSubjects) }
            referenceLog.record { $0.messages.append("overlay: \(state)") }
        }
        drawn += 1
        if drawn == updates { return }
    }
}

func boxes(of subjects: [DockAccessory.TrackedSubjectType]) -> [CGRect] {
    subjects.map { subject in
        switch subject {
        case .person(let person): person.rect
        case .object(let object): object.rect
        }
    }
}
