internal import SwivelKit

extension Progress {
    /// DockKit's `Progress` for a stand's move: its fraction follows the
    /// stand's PROGRESS reports; finished when the move arrives; cancelled when
    /// a newer move or a velocity replaced it, or when a motor fault ended it
    /// (DockKit has no "failed"). Cancelling it cancels the move on the stand.
    static func following(_ move: MoveProgress) -> Progress {
        let progress = Progress(totalUnitCount: unitCount)
        progress.cancellationHandler = {
            Task { try? await move.cancel() }
        }
        Task {
            for await update in move.updates {
                progress.apply(update)
            }
        }
        return progress
    }

    private static let unitCount: Int64 = 1000

    private func apply(_ update: MoveProgress.Update) {
        switch update.state {
        case .running:
            // Short of the whole until the stand says finished: isFinished must not come early.
            completedUnitCount = min(Int64((update.fractionCompleted * Double(Self.unitCount)).rounded(.down)), Self.unitCount - 1)
        case .finished:
            completedUnitCount = Self.unitCount
        case .cancelled, .failed:
            // The stand ended it already: nothing to send back.
            cancellationHandler = nil
            cancel()
        }
    }
}
