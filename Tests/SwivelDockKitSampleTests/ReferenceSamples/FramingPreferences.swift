// The user's framing choice, saved as JSON and restored on the next dock.
import SwivelDockKit

struct FramingPreferences: Codable, Equatable {
    var mode: DockAccessory.FramingMode
    var category: DockAccessory.Category
}

func savedPreferences(_ preferences: FramingPreferences) throws -> Data {
    try JSONEncoder().encode(preferences)
}

func restorePreferences(_ data: Data, on accessory: DockAccessory) async throws -> FramingPreferences {
    let preferences = try JSONDecoder().decode(FramingPreferences.self, from: data)
    try await accessory.setFramingMode(preferences.mode)
    return preferences
}
