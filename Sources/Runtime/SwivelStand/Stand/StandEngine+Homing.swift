import SwivelBoard
import SwivelCore
import SwivelHardware

/// Homing at start: an axis with a home switch (board `homing`) seeks it
/// before the stand takes commands; motion is refused as `busy` meanwhile and
/// `stop` aborts it. The switches are read through edge events, so a closing
/// between two ticks is not missed.
extension StandEngine {
    static func homingParameters(_ board: Board) throws(SwivelError) -> PerAxis<HomingParameters?> {
        var parameters = PerAxis<HomingParameters?>(repeating: nil)
        for axis in Axis.allCases {
            guard let homing = board.axes.perAxis[axis]?.homing else { continue }
            parameters[axis] = try HomingParameters(
                towardsPositive: homing.towardsPositive, seekSpeed: homing.speedRadiansPerSecond,
                switchPosition: homing.switchPositionRadians, backoff: homing.backoffRadians,
                maximumTravel: homing.maxTravelRadians)
        }
        return parameters
    }

    func startHomingIfConfigured() {
        guard drives.contains(where: { $0.homeSwitch != nil }) else { return }
        // Not the demo's, nor a host's: the stand's own first motion.
        demo = nil
        current.demoPhase = nil
        let measured = controller.state.map { $1.position }
        _ = try? controller.apply(.home, at: 0, measured: measured)
    }

    /// Reads the switches and advances homing, before the controller's tick:
    /// an axis homed now is re-based (commanded, encoder and step count move
    /// by the same offset, so nothing moves), and the measured positions the
    /// tick goes on with are returned re-based too.
    func advanceHoming(measured: PerAxis<Radians>) -> PerAxis<Radians> {
        var closed = PerAxis<Bool>(repeating: false)
        for drive in drives {
            guard let homeSwitch = drive.homeSwitch else { continue }
            homeSwitch.update()
            closed[drive.axis] = homeSwitch.closedSinceLastUpdate
        }
        let offsets = controller.advanceHoming(switchClosed: closed, measured: measured)
        guard Axis.allCases.contains(where: { offsets[$0] != 0 }) else { return measured }
        var rebased = measured
        for drive in drives where offsets[drive.axis] != 0 {
            drive.shift(by: offsets[drive.axis], measured: measured[drive.axis],
                        commanded: controller.state[drive.axis].position)
            rebased[drive.axis] += offsets[drive.axis]
        }
        // The checks compare against commands made before the shift.
        commandedHistory.clear()
        for index in faultMonitors.indices { faultMonitors[index]?.reset() }
        return rebased
    }

    /// Homing has ended (homed, out of travel, or stopped): an axis that did
    /// not find its switch is a fault, so nothing moves on a guessed position
    /// until someone clears it.
    func endHoming(at now: MonotonicInstant, time: Seconds, measured: PerAxis<Radians>) {
        mode = .running
        guard let run = controller.homing, let failed = Axis.allCases.first(where: { run.failedAxes.contains(AxisSet($0)) })
        else { return }
        enterFault(.homingFailed(axis: failed), at: now, time: time, measured: measured)
    }
}
