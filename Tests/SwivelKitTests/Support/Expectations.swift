import SwivelProtocol
@testable import SwivelKit
import Testing
import SwivelStandHarness

/// The SwivelKitError a call throws; nil when it succeeds (or throws something
/// else, which is recorded as an issue). Closures infer untyped throws, hence `as`.
func caught<T>(_ body: () async throws -> T) async -> SwivelKitError? {
    do {
        _ = try await body()
        return nil
    } catch let error as SwivelKitError {
        return error
    } catch {
        Issue.record("expected a SwivelKitError, got \(error)")
        return nil
    }
}

func caughtNow<T>(_ body: () throws -> T) -> SwivelKitError? {
    do {
        _ = try body()
        return nil
    } catch let error as SwivelKitError {
        return error
    } catch {
        Issue.record("expected a SwivelKitError, got \(error)")
        return nil
    }
}

extension AccessoryMessage {
    var isMoveReceipt: Bool {
        if case .ack(let ack) = self, case .moveStarted = ack.body { return true }
        return false
    }
}

extension HostMessage {
    var isSetOrientation: Bool {
        if case .setOrientation = self { return true }
        return false
    }
}

extension StandPump {
    /// The copies of the command frames matching `filter`, as the pump saw them.
    func copies(of filter: (HostMessage) -> Bool) -> [SeenCommand] {
        seenCommands.filter { $0.message.map(filter) ?? false }
    }
}
