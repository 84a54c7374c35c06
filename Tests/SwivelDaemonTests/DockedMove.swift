import SwivelCore
import SwivelPorts
import SwivelProtocol
import SwivelStandHarness

/// The move every motor type's daemon test makes: dock a host over the
/// daemon's socket, turn system tracking off, ask for pitch −0.3 / yaw 0.8
/// rad over 1 s, let 2 s of stand time pass, and return the positions of the
/// last MOTION_STATE (nil when none came). Each test asserts on them itself.
enum DockedMove {
    static let target = Vector3(pitch: -0.3, yaw: 0.8)

    static func run(on daemon: TestDaemon, clientName: String) throws -> Vector3? {
        let host = RawHost(channel: try UnixSocket.connect(path: daemon.socketPath))
        guard try host.call(.hello(Hello(clientName: clientName))) != nil else { return nil }
        host.keepAlive = true
        guard try host.call(.setSystemTracking(enabled: false))?.isAck == true else { return nil }
        let move = OrientationRequest(target: .angles(target), durationSeconds: 1, relative: false)
        guard try host.call(.setOrientation(move)) != nil else { return nil }
        try host.pump(standSeconds: 2)
        return host.inbox.reversed().lazy.compactMap { entry -> Vector3? in
            if case .motionState(let state) = entry.message { return state.positions }
            return nil
        }.first
    }
}
