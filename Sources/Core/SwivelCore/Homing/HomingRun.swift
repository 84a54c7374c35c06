/// Homing of the axes that have a switch, all at once, as a pure state
/// machine the motion controller runs like any other source.
///
/// Per axis: seek toward the switch at `seekSpeed` (position limits are off:
/// until homed the position is a guess); when the switch closes, note the
/// measured position and brake to rest; at rest, the position is re-based so
/// that the trigger point reads `switchPosition` (what the axis travelled
/// while braking is kept); then back off by `backoff` and stop. Seeking
/// farther than `maximumTravel` fails the axis: it stops where it is, unhomed.
public struct HomingRun: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case seeking(from: Radians)
        /// The switch closed at `trigger` (measured); braking to rest.
        case braking(trigger: Radians)
        case backingOff(until: Radians)
        case homed
        case failed
    }

    public let parameters: PerAxis<HomingParameters?>
    public private(set) var phases: PerAxis<Phase?>

    public init(parameters: PerAxis<HomingParameters?>, measured: PerAxis<Radians>) {
        self.parameters = parameters
        phases = parameters.map { axis, p in p.map { _ in Phase.seeking(from: measured[axis]) } }
    }

    /// Every homing axis has finished, homed or failed.
    public var isComplete: Bool {
        Axis.allCases.allSatisfy { axis in
            switch phases[axis] {
            case nil, .homed?, .failed?: true
            default: false
            }
        }
    }

    public var failedAxes: AxisSet {
        var failed = AxisSet()
        for axis in Axis.allCases where phases[axis] == .failed { failed.insert(AxisSet(axis)) }
        return failed
    }

    /// What the limiter should do with `axis` this tick (nil: not homing it).
    public func command(for axis: Axis, commandedPosition: Radians) -> Limiter.Command? {
        guard let p = parameters[axis], let phase = phases[axis] else { return nil }
        switch phase {
        case .seeking: return .velocity(p.towardsPositive ? p.seekSpeed : -p.seekSpeed)
        case .backingOff(let until):
            let remaining = until - commandedPosition
            // Arrive on the spot: as fast as the seek speed allows, slowing into it.
            return .position(until, velocity: remaining == 0 ? 0 : (remaining > 0 ? 1 : -1) * min(p.seekSpeed, abs(remaining)))
        case .braking, .homed, .failed: return .velocity(0)
        }
    }

    /// Advances `axis` with what the tick saw. Returns the offset to add to
    /// every position of the axis (commanded, measured, the encoder's) when it
    /// has just been homed, else nil.
    public mutating func advance(
        _ axis: Axis, switchClosed: Bool, measured: Radians, commanded: Limiter.State
    ) -> Radians? {
        guard let p = parameters[axis], let phase = phases[axis] else { return nil }
        switch phase {
        case .seeking(let from):
            if switchClosed {
                phases[axis] = .braking(trigger: measured)
            } else if abs(measured - from) > p.maximumTravel {
                phases[axis] = .failed
            }
        case .braking(let trigger):
            guard abs(commanded.velocity) < 1e-9 else { return nil }
            let offset = p.switchPosition - trigger
            let away = p.towardsPositive ? -p.backoff : p.backoff
            phases[axis] = .backingOff(until: commanded.position + offset + away)
            return offset
        case .backingOff(let until):
            if abs(commanded.position - until) < 1e-6, abs(commanded.velocity) < 1e-6 { phases[axis] = .homed }
        case .homed, .failed:
            break
        }
        return nil
    }

    /// Stops homing where the axes are; those not yet homed stay unhomed.
    public mutating func abort() {
        for axis in Axis.allCases {
            switch phases[axis] {
            case .seeking?, .braking?, .backingOff?: phases[axis] = .failed
            default: break
            }
        }
    }
}
