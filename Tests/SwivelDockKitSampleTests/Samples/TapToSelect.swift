// The DockKit app guide, "System Tracking", "Tap to Select Subject".
import SwivelDockKit

func selectAtCentre(accessory: DockAccessory) async throws {
    // Select the subject at a unit point in video-frame coordinates
    try await accessory.selectSubject(at: CGPoint(x: 0.5, y: 0.5))
}

func selectByIdentifier(accessory: DockAccessory, subjectUUID: UUID) async throws {
    // Select specific subjects by identifier
    try await accessory.selectSubjects([subjectUUID])
}

func clearSelection(accessory: DockAccessory) async throws {
    // Clear selection (return to automatic selection)
    try await accessory.selectSubjects([])
}
