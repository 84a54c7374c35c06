import SwivelDockKit
import Testing

/// The error of type `E` a call throws; nil when it succeeds (anything else is recorded as an issue).
func thrown<E: Error, T>(_ type: E.Type, _ body: () async throws -> T) async -> E? {
    do {
        _ = try await body()
        return nil
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected a \(E.self), got \(error)")
        return nil
    }
}

func thrownNow<E: Error, T>(_ type: E.Type, _ body: () throws -> T) -> E? {
    do {
        _ = try body()
        return nil
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected a \(E.self), got \(error)")
        return nil
    }
}

/// The DockKitError a call throws; nil when it succeeds (anything else is recorded as an issue).
func dockKitError<T>(_ body: () async throws -> T) async -> DockKitError? { await thrown(DockKitError.self, body) }

func dockKitErrorNow<T>(_ body: () throws -> T) -> DockKitError? { thrownNow(DockKitError.self, body) }

/// The refusal DockKit has no case for (`SwivelStandError`) a call throws.
func standError<T>(_ body: () async throws -> T) async -> SwivelStandError? { await thrown(SwivelStandError.self, body) }

/// The samples share `DockAccessoryManager.shared`, so they run one at a time:
/// every test of the target is in this suite (in extensions, one file each).
@Suite(.serialized, .timeLimit(.minutes(2))) struct DockKitSampleTests {}
