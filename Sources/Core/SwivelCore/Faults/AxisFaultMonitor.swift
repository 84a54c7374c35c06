/// Closed-loop checks on one axis with an encoder, once per tick: a pure
/// function of what the axis was commanded to be and what its encoder says
/// (LinuxCNC's following error, plus a check for an encoder gone silent).
///
/// `expected` must be the commanded position for the instant `measured` was
/// taken: the stand plans one period ahead of its tick, so it passes the
/// position it commanded that many ticks ago; comparing with the newest
/// command would flag the pipeline's own delay as an error at speed.
///
/// Two rules, because each catches what the other is slow to:
/// - following error: |expected − measured| > `maximumFollowingErrorRadians`.
///   A stalled or skipping stepper falls behind at once at speed.
/// - encoder silent: the encoder has not changed by a single count while the
///   command moved through `silentTravelRadians` since its last change. A
///   cut encoder wire at a slow speed would take seconds to build a
///   following error; this needs only a little travel and no timer.
public struct AxisFaultMonitor: Equatable, Sendable {
    public struct Parameters: Equatable, Sendable {
        public var maximumFollowingErrorRadians: Radians
        public var silentTravelRadians: Radians

        public init(maximumFollowingErrorRadians: Radians, silentTravelRadians: Radians) {
            self.maximumFollowingErrorRadians = maximumFollowingErrorRadians
            self.silentTravelRadians = silentTravelRadians
        }
    }

    public let axis: Axis
    public let parameters: Parameters
    private var lastMeasured: Radians?
    /// The commanded position when the encoder last changed.
    private var expectedAtLastChange: Radians = 0

    public init(axis: Axis, parameters: Parameters) throws(SwivelError) {
        for value in [parameters.maximumFollowingErrorRadians, parameters.silentTravelRadians] {
            guard value.isFinite, value > 0 else { throw SwivelError.invalid(.nonPositiveFaultThreshold, axis: axis, value: value) }
        }
        self.axis = axis
        self.parameters = parameters
    }

    /// The error a command refused because of `fault` carries.
    public static func refusal(for fault: AxisFault) -> SwivelError {
        let value: Double? =
            switch fault {
            case let .followingError(_, error, _): error
            case let .encoderSilent(_, travel): travel
            case let .motor(_, .stepsTooLate(lateness)): lateness
            case .homingFailed, .motor: nil
            }
        return SwivelError(.motorFault, fault.kind.refusalReason, axis: fault.axis, value: value)
    }

    /// Checks one tick; nil while the axis is healthy. A non-finite input is
    /// itself a fault of the measurement, reported as silence.
    public mutating func check(expected: Radians, measured: Radians) -> AxisFault? {
        guard expected.isFinite, measured.isFinite else { return .encoderSilent(axis: axis, travelRadians: .nan) }
        guard let last = lastMeasured, last == measured else {
            lastMeasured = measured
            expectedAtLastChange = expected
            return followingError(expected: expected, measured: measured)
        }
        let travel = abs(expected - expectedAtLastChange)
        if travel > parameters.silentTravelRadians { return .encoderSilent(axis: axis, travelRadians: travel) }
        return followingError(expected: expected, measured: measured)
    }

    /// Forgets the history: after the axis was re-enabled, or re-homed.
    public mutating func reset() {
        lastMeasured = nil
        expectedAtLastChange = 0
    }

    private func followingError(expected: Radians, measured: Radians) -> AxisFault? {
        let error = measured - expected
        guard abs(error) > parameters.maximumFollowingErrorRadians else { return nil }
        return .followingError(axis: axis, errorRadians: error, limitRadians: parameters.maximumFollowingErrorRadians)
    }
}
