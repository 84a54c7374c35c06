package import SwivelCore

/// A controller driven tick by tick in virtual time, as the real-time loop does.
package struct ControllerHarness {
    package var controller: MotionController
    package var now: Double = 0
    package let dt: Double
    /// Every commanded state, for checking limits over a whole run.
    package var history: [PerAxis<Limiter.State>] = []

    package static func limits(_ lower: Double?, _ upper: Double?, speed: Double, accel: Double) -> AxisLimits {
        let range = lower.flatMap { lower in upper.flatMap { try? PositionRange(lowerRadians: lower, upperRadians: $0) } }
        return try! AxisLimits(positionRange: range, maximumSpeed: speed, maximumAcceleration: accel)
    }

    /// The simulated board's three axes.
    package static let threeAxis = PerAxis<AxisLimits?>(
        pitch: limits(-0.7, 0.7, speed: 2, accel: 10),
        yaw: limits(-2.8, 2.8, speed: 3, accel: 12),
        roll: limits(-0.5, 0.5, speed: 4, accel: 20))

    /// A slip-ring stand: continuous yaw and pitch, no roll.
    package static let continuousYaw = PerAxis<AxisLimits?>(
        pitch: limits(-0.7, 0.7, speed: 2, accel: 10),
        yaw: limits(nil, nil, speed: 3, accel: 12),
        roll: nil)

    package init(
        _ limits: PerAxis<AxisLimits?> = threeAxis, at positions: PerAxis<Double> = PerAxis(repeating: 0), dt: Double = 0.001,
        tracking: TrackingController.Parameters = TrackingController.Parameters()
    ) {
        controller = try! MotionController(
            hardwareLimits: limits, initialPositions: positions, tickSeconds: dt, tracking: tracking)
        self.dt = dt
    }

    package var positions: PerAxis<Double> { controller.state.map { $1.position } }

    package mutating func send(_ command: MotionCommand, measured: PerAxis<Double>? = nil) throws(SwivelError) -> CommandReply {
        try controller.apply(command, at: now, measured: measured ?? positions)
    }

    package mutating func start(_ command: MotionCommand, measured: PerAxis<Double>? = nil) throws -> MoveReceipt {
        guard case .started(let receipt) = try send(command, measured: measured) else {
            throw SwivelError(.notSupported, .axisNotPresent)
        }
        return receipt
    }

    package mutating func tick() {
        history.append(controller.tick(at: now, measured: positions))
        now += dt
    }

    package mutating func run(seconds: Double) {
        for _ in 0..<Int((seconds / dt).rounded()) { tick() }
    }

    /// Ticks until `id` is no longer running; returns the time it took, or nil after `limit` seconds.
    package mutating func runUntilDone(_ id: UInt32, limit: Double = 30) -> Double? {
        let start = now
        while now - start < limit {
            tick()
            if let progress = controller.progress(of: id), progress.state != .running { return now - start }
        }
        return nil
    }

    /// Whether any recorded tick broke a limit of `limits` (checked with the limiter's own tolerances).
    package func violations(of limits: PerAxis<AxisLimits?>) -> [String] {
        var found: [String] = []
        var previous: PerAxis<Limiter.State>?
        for (index, state) in history.enumerated() {
            for axis in Axis.allCases {
                guard let limit = limits[axis] else { continue }
                let s = state[axis]
                if let range = limit.positionRange, !(s.position >= range.lowerRadians - 1e-12 && s.position <= range.upperRadians + 1e-12) {
                    found.append("tick \(index) \(axis) position \(s.position)")
                }
                if abs(s.velocity) > limit.maximumSpeed * (1 + 1e-6) { found.append("tick \(index) \(axis) speed \(s.velocity)") }
                if let previous, abs(s.velocity - previous[axis].velocity) / dt > limit.maximumAcceleration * (1 + 1e-6) {
                    found.append("tick \(index) \(axis) acceleration \((s.velocity - previous[axis].velocity) / dt)")
                }
            }
            previous = state
        }
        return found
    }
}
