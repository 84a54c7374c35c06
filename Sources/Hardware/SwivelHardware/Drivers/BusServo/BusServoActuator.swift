/// One bus servo as the stand's tick drives it: the goal and torque go to
/// its slot, the bus carries them; its own encoder is read from the slot.
/// Never blocks: on a real UART the bus runs on its thread.
public final class BusServoActuator: Actuator {
    public let slot: BusServoSlot
    public let bus: BusServoBus
    public let geometry: BusServoGeometry
    public let maxTemperatureCelsius: Int
    /// This many exchanges in a row without a reply, and the servo is silent.
    public let silentAfterMissedReplies: Int
    public private(set) var isEnabled = false
    private let encoder: BusServoEncoder

    /// - Parameter inlineClock: the clock an inline bus (a device that answers
    ///   at once) is driven by, from the encoder's update; nil on a bus thread.
    public init(
        slot: BusServoSlot, bus: BusServoBus, geometry: BusServoGeometry, maxTemperatureCelsius: Int,
        silentAfterMissedReplies: Int = 10, inlineClock: (any MonotonicClock)?
    ) {
        self.slot = slot
        self.bus = bus
        self.geometry = geometry
        self.maxTemperatureCelsius = maxTemperatureCelsius
        self.silentAfterMissedReplies = silentAfterMissedReplies
        encoder = BusServoEncoder(slot: slot, geometry: geometry, bus: inlineClock == nil ? nil : bus, clock: inlineClock)
    }

    public func enable(at instant: MonotonicInstant, holding positionRadians: Double) throws(MotionInputError) {
        try setGoal(positionRadians)
        slot.torqueWanted.store(true, ordering: .releasing)
        isEnabled = true
    }

    public func disable(at instant: MonotonicInstant) {
        slot.torqueWanted.store(false, ordering: .releasing)
        isEnabled = false
    }

    /// The goal is the position for the end of the period; the servo's own
    /// controller gets there (a bus exchange carries the newest one).
    public func command(positionRadians: Double, from start: MonotonicInstant, until end: MonotonicInstant) throws(MotionInputError) {
        try setGoal(positionRadians)
    }

    /// Absolute: nothing to rebase.
    public func adopt(positionRadians: Double) throws(MotionInputError) {}

    public var builtInEncoder: (any PositionEncoder)? { encoder }

    public var counters: ActuatorCounters { ActuatorCounters(missedReplies: slot.totalMissedReplies) }

    public var fault: MotorProblem? {
        let missed = slot.consecutiveMissedReplies
        if missed >= silentAfterMissedReplies { return .silent(missedExchanges: missed) }
        let flags = slot.flags
        if !flags.isEmpty { return flags.problem }
        if let state = slot.presentState, state.temperatureCelsius > maxTemperatureCelsius {
            return .overheated(celsius: state.temperatureCelsius, limitCelsius: maxTemperatureCelsius)
        }
        return nil
    }

    private func setGoal(_ radians: Double) throws(MotionInputError) {
        guard let counts = geometry.goalCounts(atRadians: radians) else { throw .nonFiniteRadians }
        slot.goalCounts.store(counts, ordering: .relaxed)
        slot.hasGoal.store(true, ordering: .releasing)
    }
}

/// How a servo's counts map to its axis's angle.
public struct BusServoGeometry: Equatable, Sendable {
    public var countsPerRadian: Double
    public var zeroCounts: Int
    /// Goals are clamped to 0…this (one turn in position mode).
    public var maximumCounts: Int

    public init(countsPerRadian: Double, zeroCounts: Int, maximumCounts: Int) {
        self.countsPerRadian = countsPerRadian
        self.zeroCounts = zeroCounts
        self.maximumCounts = maximumCounts
    }

    public func radians(atCounts counts: Int32) -> Double { (Double(counts) - Double(zeroCounts)) / countsPerRadian }

    /// The goal for `radians`, rounded and clamped into the servo's range; nil when not finite.
    public func goalCounts(atRadians radians: Double) -> Int32? {
        let counts = (Double(zeroCounts) + radians * countsPerRadian).rounded()
        guard counts.isFinite else { return nil }
        return Int32(min(max(counts, 0), Double(maximumCounts)))
    }
}

/// The servo's own encoder, read from its slot. On an inline bus (virtual
/// time) `update` runs the bus's exchange when one is due.
final class BusServoEncoder: PositionEncoder {
    private let slot: BusServoSlot
    private let geometry: BusServoGeometry
    private let bus: BusServoBus?
    private let clock: (any MonotonicClock)?
    private var offsetRadians = 0.0
    private(set) var positionRadians = 0.0

    init(slot: BusServoSlot, geometry: BusServoGeometry, bus: BusServoBus?, clock: (any MonotonicClock)?) {
        self.slot = slot
        self.geometry = geometry
        self.bus = bus
        self.clock = clock
    }

    func update() {
        if let bus, let clock { bus.exchangeIfDue(at: clock.now()) }
        guard let state = slot.presentState else { return }
        positionRadians = geometry.radians(atCounts: state.positionCounts) + offsetRadians
    }

    var invalidReadings: UInt64 { 0 }
    var lostReadings: UInt64 { slot.totalMissedReplies }

    func rebase(toRadians radians: Double) throws(MotionInputError) {
        guard radians.isFinite else { throw .nonFiniteRadians }
        offsetRadians += radians - positionRadians
        positionRadians = radians
    }
}
