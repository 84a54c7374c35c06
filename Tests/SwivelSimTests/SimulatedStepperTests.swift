#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelHardware
import SwivelSim
import SwivelTestSupport
import Testing

/// A stepper axis with an encoder, run the way the real-time loop runs it:
/// each 1 ms tick reads the encoder (which lets the stand catch up with the
/// clock), moves the driver to where the axis must be at the end of the tick,
/// and advances the virtual clock.
@Suite struct SimulatedStepperTests {
    static let microstepsPerRadian = StepperAxisRig.microstepsPerRadian
    static let countsPerRadian = StepperAxisRig.countsPerRadian
    static let naturalFrequencyHz = 40.0
    static let dampingRatio = 0.7
    static let coastDeceleration = 20.0
    static let tickNanoseconds: Int64 = 1_000_000

    let clock: ManualClock
    let chip: InMemoryGPIOChip
    let stand: StandModel
    let driver: StepperDriver
    let encoder: QuadratureEncoder

    init() throws {
        let rig = try StepperAxisRig(
            naturalFrequencyHz: Self.naturalFrequencyHz, dampingRatio: Self.dampingRatio,
            coastDeceleration: Self.coastDeceleration)
        (clock, chip, stand, driver, encoder) = (rig.clock, rig.chip, rig.stand, rig.driver, rig.encoder)
    }

    /// Runs ticks until `until` seconds, commanding `command(t)` at each tick's end
    /// and checking `each` after every tick.
    func run(until seconds: Double, command: (Double) -> Double, each: (Double) throws -> Void = { _ in }) throws {
        while clock.now().seconds < seconds - 1e-12 {
            let start = clock.now()
            encoder.update()
            let end = start.advanced(byNanoseconds: Self.tickNanoseconds)
            try driver.move(toRadians: command(end.seconds - 0), from: start, until: end)
            clock.set(end)
            try each(end.seconds)
        }
    }

    func angle() throws -> Double { try #require(stand.angleRadians(axis: .yaw)) }
    func velocity() throws -> Double { try #require(stand.velocityRadiansPerSecond(axis: .yaw)) }

    /// The tracking bound for a ramp of speed `v` (then a hold), derived from the model.
    ///
    /// The rotor obeys θ̈ = ω²(f − θ) − 2ζωθ̇ with the field f = r + q: r the
    /// commanded path, q the quantisation (|q| ≤ ½ microstep: the planner steps
    /// exactly at midpoint crossings and the rate limit never binds here, 509
    /// steps/s against 20 kHz). Starting at rest on r(0), the tracking error is
    /// r − θ = h ∗ ṙ − g ∗ q with h, g the impulse responses of
    /// (s + 2ζω)/(s² + 2ζωs + ω²) and ω²/(s² + 2ζωs + ω²). With |ṙ| ≤ v,
    ///   |r − θ| ≤ v ∫|h| + ½/mpr ∫|g|,
    ///   ∫|h| ≤ (1 + ζ/√(1−ζ²)) / (ζω),  ∫|g| ≤ 1 / (ζ√(1−ζ²)),
    /// bounding e^{−ζωt}|cos ω_d t + (ζω/ω_d) sin ω_d t| and
    /// (ω²/ω_d) e^{−ζωt}|sin ω_d t| by their envelopes. For 1 rad/s, 40 Hz,
    /// ζ = 0.7, 3200/2π microsteps per radian: 0.01126 + 0.00196 = 0.0132 rad.
    static func trackingBound(speed v: Double) -> Double {
        let omega = 2 * Double.pi * naturalFrequencyHz
        let zeta = dampingRatio
        let root = (1 - zeta * zeta).squareRoot()
        return v * (1 + zeta / root) / (zeta * omega) + quantisationBound
    }

    static var quantisationBound: Double {
        let root = (1 - dampingRatio * dampingRatio).squareRoot()
        return 0.5 / microstepsPerRadian / (dampingRatio * root)
    }

    @Test func rotorFollowsARampAndTheEncoderReadsIt() throws {
        driver.enable(at: clock.now())
        let speed = 1.0
        let ramp = { (t: Double) in speed * min(t, 1.0) }
        let bound = Self.trackingBound(speed: speed)
        #expect(abs(bound - 0.01322) < 0.0001)
        var worst = 0.0
        try run(until: 1.5, command: ramp) { t in
            let angle = try angle()
            worst = max(worst, abs(angle - ramp(t)))
            #expect(abs(angle - ramp(t)) <= bound, "t = \(t)")
            if abs(t - 0.9) < 1e-9 {
                // Long after the start transient (e^{−ζω·0.9} ≈ 1e−69) the lag is
                // the ramp's steady-state error 2ζv/ω, give or take quantisation.
                let lag = ramp(t) - angle
                let steady = 2 * Self.dampingRatio * speed / (2 * Double.pi * Self.naturalFrequencyHz)
                #expect(abs(lag - steady) <= Self.quantisationBound, "lag \(lag) vs \(steady)")
            }
            encoder.update()
            #expect(abs(encoder.positionRadians - angle) <= 1 / Self.countsPerRadian, "t = \(t)")
        }
        // 1 rad is 509.3 microsteps: the field stops on 509; the rotor settles on it.
        #expect(driver.commandedRadians == 509 / Self.microstepsPerRadian)
        #expect(try #require(stand.fieldRadians(axis: .yaw)) == driver.commandedRadians)
        #expect(abs(try angle() - driver.commandedRadians) < 1e-9)
        #expect(abs(try velocity()) < 1e-9)
        #expect(worst > 0.004)  // the model does lag: the bound is not met trivially

        #expect(encoder.illegalTransitions == 0)
        #expect(encoder.droppedEvents == 0)
        #expect(encoder.count == Int64((try angle() * Self.countsPerRadian).rounded(.down)))
        #expect(stand.lateOutputEvents == 0)
        #expect(stand.droppedOutputEvents == 0)
        #expect(stand.inputWiringErrors == 0)
        #expect(chip.outOfOrderWrites == 0)
        #expect(chip.overflowedTransitions == 0)

        let rises = risingEdges(chip, line: 0)
        #expect(rises.count == 509)
        #expect(zip(rises, rises.dropFirst()).allSatisfy { $1.instant.nanoseconds(since: $0.instant) >= 50_000 })
        let widths = pulseWidths(chip, line: 0)
        #expect(widths.count == 509)
        #expect(widths.allSatisfy { $0 >= 2_000 })
        // Written a tick ahead, stamped with the instants they take effect.
        #expect(rises.allSatisfy { $0.writtenAt <= $0.instant })
        // Step k (0-based) is where the ramp t rad/s crosses (k + ½) microsteps.
        for (k, rise) in rises.enumerated() {
            let expected = (Double(k) + 0.5) / Self.microstepsPerRadian / speed
            #expect(abs(rise.instant.seconds - expected) <= 1e-9)
        }
    }

    @Test func reversingKeepsTheEncoderLegal() throws {
        driver.enable(at: clock.now())
        // A 2 Hz, 0.3 rad sine: reversals every 250 ms, peak 3.8 rad/s.
        let sine = { (t: Double) in 0.3 * sin(2 * Double.pi * 2 * t) }
        let bound = Self.trackingBound(speed: 0.3 * 2 * Double.pi * 2)
        try run(until: 1.0, command: sine) { t in
            let angle = try angle()
            #expect(abs(angle - sine(t)) <= bound, "t = \(t)")
            encoder.update()
            #expect(abs(encoder.positionRadians - angle) <= 1 / Self.countsPerRadian)
        }
        #expect(chip.transitions(onLine: 1).count > 4)
        #expect(encoder.illegalTransitions == 0)
        #expect(encoder.droppedEvents == 0)
        #expect(driver.rateLimitedSteps == 0)
    }

    @Test func aHeldMotorSpringsBackAndAReleasedOneCoasts() throws {
        driver.enable(at: clock.now())
        try run(until: 0.2, command: { _ in 0 })
        // Enabled: a knock is pulled back to the field.
        try stand.push(axis: .yaw, radiansPerSecond: 2)
        try run(until: 0.205, command: { _ in 0 })
        #expect(abs(try angle()) > 0.001)
        try run(until: 0.7, command: { _ in 0 })
        #expect(abs(try angle()) < 1e-6)
        #expect(stand.isDriven(axis: .yaw) == true)

        // Disabled: the same knock coasts v²/2a = 4/40 = 0.1 rad and stays there.
        driver.disable(at: clock.now())
        try run(until: 0.71, command: { _ in 0 })
        #expect(stand.isDriven(axis: .yaw) == false)
        try stand.push(axis: .yaw, radiansPerSecond: 2)
        try run(until: 1.2, command: { _ in 0 })
        #expect(abs(try angle() - 0.1) < 1e-9)
        #expect(try velocity() == 0)
        // Steps while released move the field, not the rotor.
        try run(until: 1.4, command: { t in 0.05 * (t - 1.2) / 0.2 })
        #expect(abs(try #require(stand.fieldRadians(axis: .yaw)) - 0.05) < 1 / Self.microstepsPerRadian)
        #expect(abs(try angle() - 0.1) < 1e-9)
        encoder.update()
        #expect(abs(encoder.positionRadians - 0.1) <= 1 / Self.countsPerRadian)

        // Enabled again: the rotor is pulled onto the field.
        driver.enable(at: clock.now())
        try run(until: 2.0, command: { _ in 0.05 })
        #expect(abs(try angle() - driver.commandedRadians) < 1e-6)
        encoder.update()
        #expect(encoder.illegalTransitions == 0)
    }

    @Test func unknownAxesAndBadPushesAreErrors() throws {
        #expect(stand.angleRadians(axis: .roll) == nil)
        #expect(throws: HardwareError.self) { try stand.push(axis: .roll, radiansPerSecond: 1) }
        #expect(throws: HardwareError.self) { try stand.push(axis: .yaw, radiansPerSecond: .nan) }
    }
}
