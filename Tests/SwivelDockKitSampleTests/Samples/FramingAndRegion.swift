// The DockKit app guide, "Framing and Region of Interest": "Framing Modes"
// and "Region of Interest".
import SwivelDockKit

func frameAutomaticallyThenCentre(accessory: DockAccessory) async throws {
    try await accessory.setFramingMode(.automatic) // documented default
    try await accessory.setFramingMode(.center)    // explicit opt-in
}

func cropToSquare(accessory: DockAccessory) async throws {
    // Normalized coordinates, origin at upper-left
    let squareRegion = CGRect(x: 0.25, y: 0.0, width: 0.5, height: 1.0)
    try await accessory.setRegionOfInterest(squareRegion)
}
