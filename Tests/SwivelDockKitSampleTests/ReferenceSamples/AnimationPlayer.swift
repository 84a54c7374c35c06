// Plays a built-in animation and reports when it is done.
import SwivelDockKit

func play(_ animation: DockAccessory.Animation, on accessory: DockAccessory) async throws -> Bool {
    let progress = try await accessory.animate(motion: animation)
    while !progress.isFinished && !progress.isCancelled { try await Task.sleep(for: .milliseconds(20)) }
    return progress.isFinished
}
