#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The stepper rotor against its field: a damped linear oscillator,
/// `ë = −ω²e − 2ζωė` with `e` the rotor angle minus the field angle.
///
/// Why this model: inside a fraction of a full step the holding torque of a
/// stepper grows about linearly with the lag behind the field, the rotor and
/// load have inertia, and the motor plus driver dissipate energy. The board's
/// natural frequency and damping ratio are exactly what a maker can measure
/// (ring-down after a single step). Large lags (a lost step) are out of scope:
/// the model would pull the rotor back instead of slipping a pole.
///
/// Why closed form: the field is constant between two step edges, so the
/// solution over any interval is exact. Splitting an interval differently (one
/// 1 ms advance or a thousand 1 µs ones, virtual or real time) gives the same
/// trajectory up to rounding, which keeps simulation runs reproducible.
struct SpringDamper: Equatable, Sendable {
    let omega: Double
    let zeta: Double

    init(naturalFrequencyHz: Double, dampingRatio: Double) {
        omega = 2 * Double.pi * naturalFrequencyHz
        zeta = dampingRatio
    }

    func propagate(error e0: Double, velocity v0: Double, seconds t: Double) -> (error: Double, velocity: Double) {
        if abs(zeta - 1) < 1e-6 {
            let decay = exp(-omega * t)
            let slope = v0 + omega * e0
            return (decay * (e0 + slope * t), decay * (v0 - omega * slope * t))
        }
        if zeta < 1 {
            let sigma = zeta * omega
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let decay = exp(-sigma * t)
            let c = cos(damped * t)
            let s = sin(damped * t)
            return (
                decay * (e0 * c + (v0 + sigma * e0) / damped * s),
                decay * (v0 * c - (omega * omega * e0 + sigma * v0) / damped * s))
        }
        let root = omega * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * omega + root
        let r2 = -zeta * omega - root
        let c1 = (v0 - r2 * e0) / (r1 - r2)
        let c2 = e0 - c1
        let x1 = exp(r1 * t)
        let x2 = exp(r2 * t)
        return (c1 * x1 + c2 * x2, c1 * r1 * x1 + c2 * r2 * x2)
    }
}
