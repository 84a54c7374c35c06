import SwivelBoard
import SwivelCore
import SwivelProtocol

/// The independent checker: reads only MOTION_STATE (stand time, measured
/// positions, commanded velocities) and the board file, never the daemon's
/// internals, and checks every report against the board's caps.
///
/// Two kinds of check, with their tolerances (docs/RELIABILITY.md):
/// - on the commanded velocities, exact but for float rounding: |v| ≤ vmax,
///   and between consecutive reports |Δv| ≤ amax·Δt (the limiter changes the
///   velocity by at most amax·dt per tick, and the report is one status
///   snapshot: time and velocity from the same tick);
/// - on the measured positions, which an encoder quantises (q) and the motor
///   follows with an error (e, `followingErrorBound`): position within the
///   hardware range ± (e + q); speed over ≥ 0.2 s windows ≤ vmax + 2(e + q)/W;
///   acceleration, the second divided difference over two such windows,
///   ≤ amax + 4(e + q)/W².
/// e is an assumption the soak states and then checks against the peak
/// following error the daemon reports when it exits.
struct CapChecker {
    struct AxisCaps {
        var axis: Axis
        var range: ClosedRange<Double>?
        var maximumSpeed: Double
        var maximumAcceleration: Double
        /// The position error of a measured reading: following error plus one encoder count (0 for a commanded one).
        var positionError: Double
    }

    struct Violation: Equatable, CustomStringConvertible {
        var check: String
        var axis: Axis
        var standSeconds: Double
        var value: Double
        var bound: Double
        /// The figures behind it, e.g. the two velocities and the interval.
        var detail = ""

        var description: String {
            "\(check) on \(axis) at stand time \(format(standSeconds, 3)) s: \(format(value, 4)) against \(format(bound, 4))"
                + (detail.isEmpty ? "" : " (\(detail))")
        }
    }

    /// The worst each check saw, as a fraction of its bound (1 = at the bound).
    struct Figures {
        var reports = 0
        var largestGapSeconds = 0.0
        var timeRegressions = 0
        var faultReports = 0
        var worst: [String: (ratio: Double, axis: Axis, value: Double)] = [:]
    }

    static let commandedSpeedTolerance = 1e-5
    static let commandedAccelerationTolerance = 1e-4
    static let window = 0.2
    static let followingErrorBound = 0.01

    let caps: [AxisCaps]
    private(set) var figures = Figures()
    private(set) var violations: [Violation] = []
    private var previous: MotionStateReport?
    /// Recent reports for the windowed checks on measured positions.
    private var history: [(seconds: Double, positions: Vector3)] = []

    init(board: Board, followingErrorBound: Double = Self.followingErrorBound) {
        caps = Axis.allCases.compactMap { axis in
            guard let boardAxis = board.axes[axis] else { return nil }
            let limits = boardAxis.limits
            let range = limits.minRadians.flatMap { lower in limits.maxRadians.map { lower...$0 } }
            let quantum: Double
            switch boardAxis.encoder {
            case .quadrature(let q): quantum = 2 * Double.pi / Double(q.countsPerRevolution)
            case .as5600(let sensor): quantum = 2 * Double.pi / 4096 / sensor.gearRatio
            case nil: quantum = -1
            }
            // f32 on the wire: 2⁻²³ relative, about 3e-7 rad at the ends of a ±2.8 rad range.
            let wireRounding = 1e-6
            return AxisCaps(
                axis: axis, range: range, maximumSpeed: limits.maxSpeedRadiansPerSecond,
                maximumAcceleration: limits.maxAccelerationRadiansPerSecondSquared,
                positionError: quantum < 0 ? wireRounding : followingErrorBound + quantum + wireRounding)
        }
    }

    mutating func check(_ report: MotionStateReport) {
        figures.reports += 1
        let seconds = Double(report.timeMicroseconds) / 1e6
        if report.fault != nil { figures.faultReports += 1 }
        defer { previous = report }
        for cap in caps {
            let velocity = report.velocities[cap.axis]
            let position = report.positions[cap.axis]
            note("commanded speed", cap, value: abs(velocity), bound: cap.maximumSpeed + Self.commandedSpeedTolerance, at: seconds)
            if let range = cap.range {
                let outside = max(range.lowerBound - position, position - range.upperBound, 0)
                note("measured position past the hardware range", cap, value: outside, bound: cap.positionError, at: seconds, ratioOf: outside / cap.positionError)
            }
        }
        guard let previous else {
            history = [(seconds, report.positions)]
            return
        }
        let dt = seconds - Double(previous.timeMicroseconds) / 1e6
        guard dt > 0 else {
            figures.timeRegressions += 1
            return
        }
        figures.largestGapSeconds = max(figures.largestGapSeconds, dt)
        for cap in caps {
            let change = abs(report.velocities[cap.axis] - previous.velocities[cap.axis])
            let bound = cap.maximumAcceleration * dt + Self.commandedAccelerationTolerance
            note("commanded acceleration", cap, value: change / dt, bound: bound / dt, at: seconds,
                 detail: "\(format(previous.velocities[cap.axis], 4)) → \(format(report.velocities[cap.axis], 4)) rad/s in \(format(dt * 1000, 1)) ms")
        }
        checkWindows(at: seconds, positions: report.positions, faulted: report.fault != nil || previous.fault != nil)
    }

    /// The measured checks over the newest windows of at least `window` seconds.
    private mutating func checkWindows(at seconds: Double, positions: Vector3, faulted: Bool) {
        history.append((seconds, positions))
        // Keep two windows' worth and a little.
        while let first = history.first, seconds - first.seconds > 2 * Self.window + 0.1 { history.removeFirst() }
        // A fault releases the drivers: the measured motion owes the caps nothing until it clears.
        guard !faulted, let middle = history.lastIndex(where: { seconds - $0.seconds >= Self.window }),
              let first = history[...middle].lastIndex(where: { history[middle].seconds - $0.seconds >= Self.window })
        else { return }
        let (t0, p0) = history[first], (t1, p1) = history[middle]
        let h1 = t1 - t0, h2 = seconds - t1
        for cap in caps {
            let e = cap.positionError
            let speed = abs(positions[cap.axis] - p1[cap.axis]) / h2
            note("measured speed", cap, value: speed, bound: cap.maximumSpeed + 2 * e / h2, at: seconds)
            let slopeIn = (p1[cap.axis] - p0[cap.axis]) / h1
            let slopeOut = (positions[cap.axis] - p1[cap.axis]) / h2
            let acceleration = abs(2 * (slopeOut - slopeIn) / (h1 + h2))
            // Each reading off by at most e: the divided difference by at most 2(2e/h1 + 2e/h2)/(h1 + h2).
            let slack = 2 * (2 * e / h1 + 2 * e / h2) / (h1 + h2)
            note("measured acceleration", cap, value: acceleration, bound: cap.maximumAcceleration + slack, at: seconds)
        }
    }

    private mutating func note(
        _ check: String, _ cap: AxisCaps, value: Double, bound: Double, at seconds: Double, ratioOf ratio: Double? = nil,
        detail: @autoclosure () -> String = ""
    ) {
        let ratio = ratio ?? (bound > 0 ? value / bound : 0)
        if ratio > (figures.worst[check]?.ratio ?? -1) || !value.isFinite {
            figures.worst[check] = (value.isFinite ? ratio : .infinity, cap.axis, value)
        }
        if !(value <= bound) && violations.count < 1_000 {
            violations.append(Violation(check: check, axis: cap.axis, standSeconds: seconds, value: value, bound: bound, detail: detail()))
        }
    }
}

extension Board.Axes {
    subscript(axis: Axis) -> Board.Axis? {
        switch axis {
        case .pitch: pitch
        case .yaw: yaw
        case .roll: roll
        }
    }
}

func format(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (abs(value) * scale).rounded()
    guard rounded < 9e15 else { return "\(value)" }
    let whole = Int64(rounded) / Int64(scale)
    let fraction = Int64(rounded) % Int64(scale)
    var digits = String(fraction)
    while digits.count < decimals { digits = "0" + digits }
    return (value < 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + digits : "")
}
