internal import SwivelKit

extension Progress {
    /// DockKit's `Progress` for a stand's move: its fraction follows the
    /// stand's PROGRESS reports; finished when the move arrives; cancelled when
    /// a newer move or a velocity replaced it, or when a motor fault ended it
    /// (DockKit has no "failed"). Cancelling it cancels the move on the stand.
    static func following(_ move: MoveProgress) -> Progress {
        let progress = Progress(totalUnitCount: moveUnitCount)
        progress.follow(move)
        return progress
    }

    static let moveUnitCount: Int64 = 1000

    /// Starts following `move`, once the stand has accepted it.
    func follow(_ move: MoveProgress) {
        cancellationHandler = {
            Task { try? await move.cancel() }
        }
        // Cancelled before the stand's receipt came back: cancel the move too.
        if isCancelled { Task { try? await move.cancel() } }
        Task {
            for await update in move.updates {
                apply(update)
            }
        }
    }

    /// The stand refused the move this Progress stood for: it ends cancelled, with nothing to cancel.
    func endRefused() {
        cancellationHandler = nil
        cancel()
    }

    private func apply(_ update: MoveProgress.Update) {
        switch update.state {
        case .running:
            // Short of the whole until the stand says finished: isFinished must not come early.
            completedUnitCount = min(Int64((update.fractionCompleted * Double(Self.moveUnitCount)).rounded(.down)), Self.moveUnitCount - 1)
        case .finished:
            completedUnitCount = Self.moveUnitCount
        case .cancelled, .failed:
            // The stand ended it already: nothing to send back.
            cancellationHandler = nil
            cancel()
        }
    }
}
