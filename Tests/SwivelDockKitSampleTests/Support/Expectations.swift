import SwivelDockKit
import Testing

/// The DockKitError a call throws; nil when it succeeds (anything else is recorded as an issue).
func dockKitError<T>(_ body: () async throws -> T) async -> DockKitError? {
    do {
        _ = try await body()
        return nil
    } catch let error as DockKitError {
        return error
    } catch {
        Issue.record("expected a DockKitError, got \(error)")
        return nil
    }
}

func dockKitErrorNow<T>(_ body: () throws -> T) -> DockKitError? {
    do {
        _ = try body()
        return nil
    } catch let error as DockKitError {
        return error
    } catch {
        Issue.record("expected a DockKitError, got \(error)")
        return nil
    }
}

/// The samples share `DockAccessoryManager.shared`, so they run one at a time:
/// every test of the target is in this suite (in extensions, one file each).
@Suite(.serialized, .timeLimit(.minutes(2))) struct DockKitSampleTests {}
