import Synchronization

/// One servo on a bus, as the tick and the bus share it: the tick writes the
/// goal and whether torque should be on, the bus publishes what the servo
/// reported. Atomics only, so neither side ever waits on the other.
public final class BusServoSlot: Sendable {
    public let id: UInt8

    // Written by the tick.
    let goalCounts = Atomic<Int32>(0)
    let hasGoal = Atomic<Bool>(false)
    let torqueWanted = Atomic<Bool>(false)

    // Written by the bus.
    let presentCounts = Atomic<Int32>(0)
    let velocityCountsPerSecond = Atomic<Int32>(0)
    let temperatureCelsius = Atomic<Int32>(0)
    let errorFlags = Atomic<UInt8>(0)
    /// State replies decoded; the position is valid once this is non-zero.
    let goodReplies = Atomic<UInt64>(0)
    let missedReplies = Atomic<UInt64>(0)
    let missedInARow = Atomic<Int>(0)

    init(id: UInt8) { self.id = id }

    /// The newest state the servo reported (position, speed, temperature); nil before its first reply.
    public var presentState: (positionCounts: Int32, velocityCountsPerSecond: Int32, temperatureCelsius: Int)? {
        guard goodReplies.load(ordering: .acquiring) > 0 else { return nil }
        return (presentCounts.load(ordering: .relaxed), velocityCountsPerSecond.load(ordering: .relaxed),
                Int(temperatureCelsius.load(ordering: .relaxed)))
    }

    public var flags: BusServoErrorFlags { BusServoErrorFlags(rawValue: errorFlags.load(ordering: .relaxed)) }
    public var consecutiveMissedReplies: Int { missedInARow.load(ordering: .relaxed) }
    public var totalMissedReplies: UInt64 { missedReplies.load(ordering: .relaxed) }
}
