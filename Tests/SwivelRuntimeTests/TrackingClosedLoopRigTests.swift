import SwivelCore
import SwivelRuntime
import SwivelSimBackend
import SwivelStandHarness
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A synthetic camera in a closed loop with the whole simulated stand (drivers,
// encoders, physical model, controller) in virtual time. A subject moves on a
// world-frame path; every frame period the camera "captures" at tick time t the
// subject's offset from the stand's MEASURED pose at t (plus seeded Gaussian
// noise) and delivers it as a command a latency later, as the vision link would.

/// The subject's world angles (radians in the stand's base frame) over time.
struct RigSubjectPath: Sendable {
    var yaw: @Sendable (Seconds) -> Radians
    var pitch: @Sendable (Seconds) -> Radians

    static func still(yaw: Radians, pitch: Radians) -> RigSubjectPath {
        RigSubjectPath(yaw: { _ in yaw }, pitch: { _ in pitch })
    }

    static func yawStep(from start: Radians, to end: Radians, at time: Seconds) -> RigSubjectPath {
        RigSubjectPath(yaw: { $0 < time ? start : end }, pitch: { _ in 0 })
    }

    /// One change of angular velocity: from `from` to `to` over `seconds`, on a
    /// half-cosine (a person speeds up and slows down smoothly).
    struct VelocityChange: Sendable {
        var start: Seconds
        var seconds: Seconds
        var from: RadiansPerSecond
        var to: RadiansPerSecond
    }

    /// Yaw by velocity changes from `start` (integrated at 1 ms), pitch by a closure.
    static func walking(
        startYaw: Radians, changes: [VelocityChange], seconds: Seconds, pitch: @escaping @Sendable (Seconds) -> Radians
    ) -> RigSubjectPath {
        let step = 0.001
        var yaws: [Radians] = []
        var yaw = startYaw
        for index in 0...Int((seconds / step).rounded()) + 1 {
            yaws.append(yaw)
            let t = Double(index) * step
            var velocity = 0.0
            for change in changes where t >= change.start {
                if t >= change.start + change.seconds {
                    velocity = change.to
                } else {
                    let blend = (1 - cos(Double.pi * (t - change.start) / change.seconds)) / 2
                    velocity = change.from + (change.to - change.from) * blend
                }
            }
            yaw += velocity * step
        }
        let table = yaws
        return RigSubjectPath(
            yaw: { time in table[min(max(Int((time / step).rounded()), 0), table.count - 1)] }, pitch: pitch)
    }
}

extension RigSubjectPath {
    /// A person walking at 70% of the stand's top yaw speed (2.1 of 3 rad/s),
    /// turning back five times. Each turn is a half-cosine over 0.8 s, a peak
    /// acceleration of π·4.2/1.6 ≈ 8.2 rad/s², about 70% of the yaw axis's
    /// acceleration cap (12 rad/s²), as the speed is of its speed cap. Still at
    /// −0.4 rad for the first 1.5 s (the stand, at 0, finds it), walking from
    /// 1.5 s, stopping at 9.7 s; between −1.24 and 1.60 rad. Pitch bobs by
    /// ±0.08 rad at 0.4 Hz around −0.1.
    static let walkingScene: RigSubjectPath = {
        let v = 0.7 * ClosedLoop.maximumYawSpeed
        return .walking(
            startYaw: -0.4,
            changes: [
                VelocityChange(start: 1.5, seconds: 0.4, from: 0, to: v),
                VelocityChange(start: 2.4, seconds: 0.8, from: v, to: -v),
                VelocityChange(start: 3.9, seconds: 0.8, from: -v, to: v),
                VelocityChange(start: 5.2, seconds: 0.8, from: v, to: -v),
                VelocityChange(start: 6.6, seconds: 0.8, from: -v, to: v),
                VelocityChange(start: 7.9, seconds: 0.8, from: v, to: -v),
                VelocityChange(start: 9.3, seconds: 0.4, from: -v, to: 0),
            ],
            seconds: 10.5, pitch: { -0.1 + 0.08 * sin(2 * Double.pi * 0.4 * $0) })
    }()
    static let walkingSeconds: Seconds = 10.5
    /// From the first step to the end.
    static let walkingWindow: Range<Seconds> = 1.5..<10.5
}

/// What moves the stand.
enum ClosedLoopDriver: Equatable {
    /// `trackTarget` per frame: the motion core's tracking controller.
    case tracking
    /// The baseline: `setAngularVelocity(gain × newest correction)` per frame,
    /// as if the correction were the error now (no latency compensation).
    case naive(gainPerSecond: Double)
}

struct ClosedLoopCamera {
    var latencySeconds: Seconds
    var framePeriodTicks = 33
    var noiseRadians: Radians = 0.005
    var seed: UInt64 = 1
    /// Frames captured in this window see no subject.
    var blind: Range<Seconds>?
    /// Whether a blind frame is reported (`trackLost`, as the link does for an
    /// empty batch) or sends nothing at all.
    var reportsLoss = false
}

struct ClosedLoopSample {
    var time: Seconds
    var subject: Vector3
    var measured: Vector3
    var commandedVelocity: Vector3
    var phase: TrackingController.Phase
    var framingError: Vector3

    var yawError: Radians { subject.yaw - measured.yaw }
    var pitchError: Radians { subject.pitch - measured.pitch }
}

struct ClosedLoopRun {
    var samples: [ClosedLoopSample]
    var rejectedCommands: Int
    /// The stand's published status after the last tick.
    var finalStatus: StandStatus

    func during(_ window: Range<Seconds>) -> ArraySlice<ClosedLoopSample> {
        let first = samples.firstIndex { $0.time >= window.lowerBound } ?? samples.count
        let end = samples.firstIndex { $0.time >= window.upperBound } ?? samples.count
        return samples[first..<max(first, end)]
    }

    func rmsYawError(_ window: Range<Seconds>) -> Radians {
        let slice = during(window)
        guard !slice.isEmpty else { return .nan }
        return (slice.reduce(0) { $0 + $1.yawError * $1.yawError } / Double(slice.count)).squareRoot()
    }

    /// The fraction of ticks with the subject within `halfField` of the optical axis.
    func fractionInFrame(_ window: Range<Seconds>, halfYaw: Radians, halfPitch: Radians) -> Double {
        let slice = during(window)
        guard !slice.isEmpty else { return 0 }
        let inside = slice.filter { abs($0.yawError) <= halfYaw && abs($0.pitchError) <= halfPitch }.count
        return Double(inside) / Double(slice.count)
    }

    /// How often the commanded yaw velocity changes sign (rest ticks skipped).
    func yawVelocitySignChanges(_ window: Range<Seconds>) -> Int {
        var changes = 0
        var previous = 0.0
        for sample in during(window) where abs(sample.commandedVelocity.yaw) > 1e-9 {
            if previous != 0, (sample.commandedVelocity.yaw > 0) != (previous > 0) { changes += 1 }
            previous = sample.commandedVelocity.yaw
        }
        return changes
    }
}

/// SplitMix64 with Box–Muller: seeded Gaussian noise, the same every run.
struct GaussianNoise {
    private var state: UInt64
    private var spare: Double?

    init(seed: UInt64) { state = seed }

    private mutating func uniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (Double(z >> 11) + 0.5) / Double(1 << 53) // (0, 1): log never sees 0
    }

    mutating func next(standardDeviation: Double) -> Double {
        if let spare {
            self.spare = nil
            return spare * standardDeviation
        }
        let radius = (-2 * log(uniform())).squareRoot()
        let angle = 2 * Double.pi * uniform()
        spare = radius * sin(angle)
        return radius * cos(angle) * standardDeviation
    }
}

enum ClosedLoop {
    /// The shipped simulated board's yaw speed cap and the camera's half fields
    /// of view (wideAngle, 1.107 × 0.860 rad).
    static let maximumYawSpeed = 3.0
    static let halfHorizontalField = 0.55
    static let halfVerticalField = 0.43

    static func run(
        _ path: RigSubjectPath, seconds: Seconds, camera: ClosedLoopCamera, driver: ClosedLoopDriver = .tracking
    ) throws -> ClosedLoopRun {
        let sim = try VirtualStand(board: BoardFixtures.load("sim.json5"))
        let tickSeconds = Double(sim.stand.periodNanoseconds) / 1e9
        let latencyTicks = Int((camera.latencySeconds / tickSeconds).rounded())
        var noise = GaussianNoise(seed: camera.seed)
        var inFlight: [(due: Int, command: MotionCommand)] = []
        var samples: [ClosedLoopSample] = []
        var rejected = 0
        for tick in 0..<Int((seconds / tickSeconds).rounded()) {
            var tickets: [CommandTicket] = []
            while let first = inFlight.first, first.due <= tick {
                inFlight.removeFirst()
                tickets.append(try sim.stand.mailbox.post(first.command))
            }
            sim.tick()
            for ticket in tickets {
                if case .failure = sim.stand.mailbox.takeReply(ticket) { rejected += 1 }
            }

            let status = sim.stand.status()
            let t = status.time
            let subject = Vector3(pitch: path.pitch(t), yaw: path.yaw(t))
            let measured = Vector3(pitch: status.measured.pitch, yaw: status.measured.yaw)
            samples.append(ClosedLoopSample(
                time: t, subject: subject, measured: measured,
                commandedVelocity: Vector3(pitch: status.commanded.pitch.velocity, yaw: status.commanded.yaw.velocity),
                phase: status.trackingPhase, framingError: status.trackingErrorRadians))

            guard tick % camera.framePeriodTicks == 0 else { continue }
            let command: MotionCommand
            if let blind = camera.blind, blind.contains(t) {
                guard camera.reportsLoss else { continue }
                command = .trackLost
            } else {
                let yaw = subject.yaw - measured.yaw + noise.next(standardDeviation: camera.noiseRadians)
                let pitch = subject.pitch - measured.pitch + noise.next(standardDeviation: camera.noiseRadians)
                switch driver {
                case .tracking:
                    command = .trackTarget(TrackingTarget(capturedAt: t, yawCorrection: yaw, pitchCorrection: pitch))
                case .naive(let gain):
                    command = .setAngularVelocity(Vector3(pitch: gain * pitch, yaw: gain * yaw))
                }
            }
            inFlight.append((tick + latencyTicks, command))
        }
        return ClosedLoopRun(samples: samples, rejectedCommands: rejected, finalStatus: sim.stand.status())
    }
}

/// The rig itself: the camera is late by exactly its latency and sees the measured pose.
@Suite struct TrackingClosedLoopRigTests {
    @Test func theCameraDeliversTargetsOneLatencyLate() throws {
        // A naive driver with a huge gain moves the stand at the first delivered
        // frame; nothing may move before the latency has passed.
        let run = try ClosedLoop.run(
            .still(yaw: 0.3, pitch: 0), seconds: 0.2, camera: ClosedLoopCamera(latencySeconds: 0.1, noiseRadians: 0),
            driver: .naive(gainPerSecond: 10))
        #expect(run.rejectedCommands == 0)
        let firstMoving = try #require(run.samples.first { $0.commandedVelocity.yaw != 0 })
        #expect(abs(firstMoving.time - 0.1) < 1e-9)
    }

    @Test func theNoiseIsSeededAndHasTheAskedSpread() {
        var a = GaussianNoise(seed: 7)
        var b = GaussianNoise(seed: 7)
        var sum = 0.0, squares = 0.0
        var identical = true
        for _ in 0..<20_000 {
            let x = a.next(standardDeviation: 0.005)
            identical = identical && x == b.next(standardDeviation: 0.005)
            sum += x
            squares += x * x
        }
        #expect(identical)
        let mean = sum / 20_000
        #expect(abs(mean) < 1e-4)
        #expect(abs((squares / 20_000 - mean * mean).squareRoot() - 0.005) < 2e-4)
    }
}
