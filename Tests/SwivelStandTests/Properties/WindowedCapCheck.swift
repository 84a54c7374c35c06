/// Checks one axis's positions, sampled once per tick (T apart), against its
/// speed and acceleration caps over windows of W ticks.
///
/// A trajectory whose velocity changes by at most a·T per tick and whose
/// speed stays at most v has, over any window of W ticks,
///
///     |x(k) − 2·x(k−W) + x(k−2W)| ≤ a·(W·T)²        (acceleration)
///     |x(k) − x(k−W)|             ≤ v·W·T           (speed)
///
/// A sample may sit off the trajectory by up to `sampleError` e (half a step of
/// quantisation, one step delayed across the sampling instant, an encoder
/// count...), which adds 4e and 2e. A signal that lags the trajectory in
/// proportion to its velocity (a stepper's rotor behind its field: λ = 2ζ/ω)
/// adds 2λ·a·W·T and λ·min(2v, a·W·T). Short windows catch a jump of speed
/// within a tick or two; long ones catch a cap exceeded by a little for long.
/// Windows are listed shortest first.
struct WindowedCapCheck {
    static let standardWindows = [1, 3, 10, 30, 100]
    static var longestWindow: Int { standardWindows.max() ?? 1 }

    let tickSeconds: Double
    let windows: [Int]
    let sampleError: Double
    let lagSeconds: Double
    private var ring: [Double]
    private let mask: Int
    private var next = 0
    /// Samples since the last `restart`.
    private(set) var count = 0
    /// The highest acceleration the samples prove (beyond every error term),
    /// over any window since this check began: what a violation would show.
    private(set) var peakAcceleration = -Double.infinity
    private(set) var peakSpeed = -Double.infinity

    init(tickSeconds: Double, sampleError: Double, lagSeconds: Double = 0, windows: [Int] = standardWindows) {
        self.tickSeconds = tickSeconds
        self.windows = windows
        self.sampleError = sampleError
        self.lagSeconds = lagSeconds
        var size = 1
        while size < 2 * (windows.max() ?? 1) + 1 { size *= 2 }
        ring = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Forgets the samples so far: the next windows start after a gap (the
    /// signal stopped meaning motion, or its zero moved).
    mutating func restart() { count = 0 }

    /// Adds the sample for this tick and checks every window that fits.
    /// Returns a description of the first broken bound, or nil.
    mutating func add(_ x: Double, speedCap: Double, accelerationCap: Double) -> String? {
        ring[next & mask] = x
        let newest = next
        next &+= 1
        count += 1
        var failure: String?
        let e = sampleError
        var index = 0
        while index < windows.count {
            let w = windows[index]
            index += 1
            guard count > w else { break }
            let span = Double(w) * tickSeconds
            let older = ring[(newest - w) & mask]
            let first = abs(x - older)
            let lag = lagSeconds * min(2 * speedCap, accelerationCap * span)
            let speed = (first - 2 * e - lag) / span
            if speed > peakSpeed { peakSpeed = speed }
            if failure == nil, speed > speedCap {
                failure = "travel over \(w) ticks \(first) rad > \(speedCap * span + 2 * e + lag) rad "
                    + "(≥ \(speed) rad/s against \(speedCap))"
            }
            guard count > 2 * w else { continue }
            let second = abs(x - 2 * older + ring[(newest - 2 * w) & mask])
            let acceleration = (second - 4 * e - 2 * lagSeconds * accelerationCap * span) / (span * span)
            if acceleration > peakAcceleration { peakAcceleration = acceleration }
            if failure == nil, acceleration > accelerationCap {
                failure = "second difference over \(w) ticks \(second) rad > "
                    + "\(accelerationCap * span * span + 4 * e + 2 * lagSeconds * accelerationCap * span) rad "
                    + "(≥ \(acceleration) rad/s² against \(accelerationCap))"
            }
        }
        return failure
    }
}
