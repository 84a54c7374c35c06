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
            return .failure(SwivelKitError(.transport, "the socket pair's host end was already used"))
        }
        return .success(channel)
    }
}

/// SwivelKit connected through a socket pair to a `StandPump`, docked, its
/// link thread on the pump's virtual time (`StandPump.hostClock()`).
package final class Rig {
    package let pump: StandPump
    package let connection: StandConnection
    package let session: StandSession

    private init(pump: StandPump, connection: StandConnection, session: StandSession) {
        self.pump = pump
        self.connection = connection
        self.session = session
    }

    /// - Parameter manual: turn system tracking off, as an app about to drive the motors does.
    package static func docked(board: String = "sim.json5", speed: Double = 4, manual: Bool = false) async throws -> Rig {
        let pump = try StandPump(board: board, speed: speed)
        do {
            let connection = try connection(for: pump)
            // Only a guard against a hang: in virtual time docking takes milliseconds.
            let session = try await connection.session(waitingUpTo: .seconds(30), stopAtFirstFailure: true)
            if manual { try await connection.setSystemTrackingEnabled(false) }
            return Rig(pump: pump, connection: connection, session: session)
        } catch {
            pump.stop()
            throw error
        }
    }

    /// A connection to `pump` through a socket pair, its link thread on the pump's virtual time.
    package static func connection(for pump: StandPump) throws -> StandConnection {
        let (hostEnd, standEnd) = try UnixSocket.pair()
        pump.attach(standEnd)
        let handed = OneChannel(hostEnd)
        return try StandConnection(
            endpoint: .socket(path: "socketpair"), open: { handed.open() }, clientName: "SwivelKitTests", timing: LinkTiming(),
            clock: pump.hostClock())
    }

    deinit { pump.stop() }

    /// Waits for the simulated axes to settle after a move's trajectory ended.
    package func settle() async { await pump.advance(bySeconds: 0.3) }
}
