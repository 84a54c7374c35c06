package import SwivelPorts
package import SwivelKit
import SwivelTestSupport

/// One end of a socket pair, handed to SwivelKit's first connection attempt;
/// later attempts fail, as a link whose peer is gone for good would.
package final class OneChannel: Sendable {
    private let channel: TestMutex<FileChannel?>

    package init(_ channel: FileChannel) { self.channel = TestMutex(channel) }

    package func open() -> Result<any ByteChannel, SwivelKitError> {
        guard let channel = channel.withLock({ $0.take() }) else {
            return .failure(.transport("the socket pair's host end was already used"))
        }
        return .success(channel)
    }
}

/// SwivelKit connected through a socket pair to a `StandPump`, docked, its
/// link thread on the pump's virtual time (`StandPump.hostClock()`).
package final class Rig {
    package let pump: StandPump
    package let manager: DockAccessoryManager
    package let accessory: DockAccessory

    private init(pump: StandPump, manager: DockAccessoryManager, accessory: DockAccessory) {
        self.pump = pump
        self.manager = manager
        self.accessory = accessory
    }

    /// - Parameter manual: turn system tracking off, as an app about to drive the motors does.
    package static func docked(board: String = "sim.json5", speed: Double = 4, manual: Bool = false) async throws -> Rig {
        let pump = try StandPump(board: board, speed: speed)
        do {
            let manager = try manager(for: pump)
            // Only a guard against a hang: in virtual time docking takes milliseconds.
            let accessory = try await manager.accessory(waitingUpTo: .seconds(30), stopAtFirstFailure: true)
            if manual { try await manager.setSystemTrackingEnabled(false) }
            return Rig(pump: pump, manager: manager, accessory: accessory)
        } catch {
            pump.stop()
            throw error
        }
    }

    /// A manager connected to `pump` through a socket pair, its link thread on the pump's virtual time.
    package static func manager(for pump: StandPump) throws -> DockAccessoryManager {
        let (hostEnd, standEnd) = try UnixSocket.pair()
        pump.attach(standEnd)
        let handed = OneChannel(hostEnd)
        return try DockAccessoryManager(
            endpoint: .socket(path: "socketpair"), open: { handed.open() }, clientName: "SwivelKitTests", timing: LinkTiming(),
            clock: pump.hostClock())
    }

    deinit { pump.stop() }

    /// Waits for the simulated axes to settle after a move's trajectory ended.
    package func settle() async { await pump.advance(bySeconds: 0.3) }
}
