import Foundation
import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStandHarness
import Testing
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelSimBackend
@testable import SwivelStand

/// The whole stand under random sequences of every command, in virtual time:
/// velocities (square waves at and above the caps, rapid reversals),
/// orientations (vector, quaternion, relative; reversing moves under way),
/// animations (near the limits too), cancel, stop, limits set, narrowed under
/// a moving axis and reset, tracking targets, a subject lost, tracking stopped,
/// session resets (a host docking, system tracking toggled), faults injected in
/// the simulated stand (a jam, skipped steps, a cut encoder) and cleared,
/// homing, and a halt. Every tick is checked at the boundary by
/// `StandBoundaryMonitor`: telemetry, STEP/DIR and PWM outputs, encoders.
///
/// Seeded and reproducible: each shard prints its seed; a failure names the
/// board and seed of its episode. `SWIVEL_PROPERTY_SEED=<seed> swift test
/// --filter WholeStandPropertyTests` runs every shard from another base seed;
/// `SWIVEL_PROPERTY_EPISODE=<board>:<seed> swift test --filter replayOneEpisode`
/// replays the one episode a failure names, with its report.
@Suite struct WholeStandPropertyTests {
    /// Fixed by default, so `make test` is the same run every time.
    static let baseSeed: UInt64 = {
        guard let text = ProcessInfo.processInfo.environment["SWIVEL_PROPERTY_SEED"] else { return 0x5357_4956_454C_0A10 }
        let digits = text.hasPrefix("0x") ? String(text.dropFirst(2)) : text
        return UInt64(digits, radix: text.hasPrefix("0x") ? 16 : 10) ?? 0x5357_4956_454C_0A10
    }()

    enum BoardKind: String, CaseIterable, Sendable {
        /// The shipped simulated board as it is.
        case sim
        /// The same stand with a 1 ms integration step: the model is solved in
        /// closed form, so only encoder-edge interpolation is coarser, and it
        /// runs about four times faster.
        case simFast
        /// A slip-ring yaw (no hardware range) and pitch, fast.
        case continuousFast
        /// The fast stand with a home switch on yaw, past its −2.8 rad end.
        case homingFast
    }

    struct Shard: Sendable, CustomTestStringConvertible {
        let index: Int
        let board: BoardKind
        let ticks: Int
        var testDescription: String { "shard \(index) (\(board.rawValue), \(ticks) ticks)" }
    }

    /// At least 10⁶ ticks in all (checked below), in shards that run in parallel.
    static let shards: [Shard] = {
        var shards: [Shard] = []
        let plan: [(BoardKind, Int, Int)] = [
            (.simFast, 8, 80_000), (.continuousFast, 2, 80_000), (.homingFast, 2, 80_000), (.sim, 2, 25_000),
        ]
        for (board, count, ticks) in plan {
            for _ in 0..<count { shards.append(Shard(index: shards.count, board: board, ticks: ticks)) }
        }
        return shards
    }()

    @Test func theShardsCoverAMillionTicks() {
        #expect(Self.shards.reduce(0) { $0 + $1.ticks } >= 1_000_000)
    }

    @Test(arguments: shards)
    func capsHoldAtTheBoundary(_ shard: Shard) throws {
        let shardSeed = Self.mix(Self.baseSeed, UInt64(shard.index))
        print("WholeStandPropertyTests \(shard.testDescription): SWIVEL_PROPERTY_SEED=\(Self.baseSeed), shard seed \(shardSeed)")
        let started = ContinuousClock.now
        var ticks = 0
        var episode: UInt64 = 0
        var commands = 0
        // The largest share of a cap any window proved, per signal: the margin left.
        var outputsShare = 0.0, encodersShare = 0.0
        while ticks < shard.ticks {
            let seed = Self.mix(shardSeed, episode)
            var run = try EpisodeRun(board: shard.board, seed: seed)
            let remaining = shard.ticks - ticks
            run.play(ticks: Self.episodeLength(seed: seed, remaining: remaining))
            ticks += run.monitor.ticks
            commands += run.commandsSent
            for axis in run.monitor.axes {
                guard let cap = run.monitor.hardware[axis]?.maximumAcceleration else { continue }
                let peaks = run.monitor.peakAcceleration(axis)
                outputsShare = max(outputsShare, peaks.outputs / cap)
                encodersShare = max(encodersShare, peaks.encoder / cap)
            }
            #expect(run.monitor.violations.isEmpty,
                    "SWIVEL_PROPERTY_SEED=\(Self.baseSeed) \(shard.testDescription) episode \(episode); replay with SWIVEL_PROPERTY_EPISODE=\(shard.board.rawValue):\(seed):\(remaining): \(run.monitor.report)")
            guard run.monitor.violations.isEmpty else { break }
            episode += 1
        }
        print("WholeStandPropertyTests \(shard.testDescription): \(ticks) ticks, \(episode) episodes, \(commands) commands; "
            + "largest acceleration proved beyond the error terms: \(Self.percent(outputsShare)) of the cap at the outputs, "
            + "\(Self.percent(encodersShare)) at the encoders; took \(ContinuousClock.now - started)")
        #expect(ticks >= shard.ticks)
    }

    static let episodeToReplay: (BoardKind, UInt64, Int)? = {
        guard let text = ProcessInfo.processInfo.environment["SWIVEL_PROPERTY_EPISODE"] else { return nil }
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count >= 2, let board = BoardKind(rawValue: parts[0]), let seed = UInt64(parts[1]) else { return nil }
        return (board, seed, parts.count > 2 ? Int(parts[2]) ?? 50_000 : 50_000)
    }()

    @Test(.enabled(if: episodeToReplay != nil)) func replayOneEpisode() throws {
        guard let (board, seed, ticks) = Self.episodeToReplay else { return }
        var run = try EpisodeRun(board: board, seed: seed)
        run.play(ticks: Self.episodeLength(seed: seed, remaining: ticks))
        print(run.monitor.report)
        #expect(run.monitor.violations.isEmpty, "\(run.monitor.report)")
    }

    static func episodeLength(seed: UInt64, remaining: Int) -> Int { min(remaining, 15_000 + Int(seed % 20_000)) }

    static func percent(_ share: Double) -> String { "\((share * 1000).rounded(.down) / 10) %" }

    static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var generator = SplitMix64(seed: a ^ (b &* 0x9E37_79B9_7F4A_7C15))
        return generator.next()
    }

    static func board(_ kind: BoardKind) throws -> Board {
        var text = try TextFile.read(BoardFixtures.boardsDirectory + "/" + (kind == .continuousFast ? "sim-continuous.json5" : "sim.json5"))
        if kind != .sim { text = text.replacingOccurrences(of: "integrationStepUs: 20", with: "integrationStepUs: 1000") }
        if kind == .homingFast {
            let marker = "      // Closed loop, checked every tick"
            guard let range = text.firstRange(of: marker) else { throw FixtureError() }
            text.replaceSubrange(range, with: #"      homing: { switchLine: 21, direction: "negative", switchPositionRad: -2.9, speedRadPerSec: 0.5 },"#
                + "\n" + marker)
        }
        return try BoardLoader.parse(text, source: "property board \(kind.rawValue)")
    }

    struct FixtureError: Error {}
}

/// One episode: a fresh stand and a random stream of commands and events.
struct EpisodeRun {
    let monitor: StandBoundaryMonitor
    private var rng: SplitMix64
    private let axes: [Axis]
    private(set) var commandsSent = 0
    /// A subject tracking follows: world yaw and pitch, and their rates.
    private var subject = (yaw: 0.0, pitch: 0.0, yawRate: 0.0, pitchRate: 0.0)
    private var trackingUntil = -1.0
    /// Injected faults, and those undone but not yet cleared by the stand.
    private var injected: [(axis: Axis, kind: Int)] = []
    private var undone = AxisSet()
    private var cutEncoders = AxisSet()
    private var lastRequest: UInt32 = 0

    init(board kind: WholeStandPropertyTests.BoardKind, seed: UInt64) throws {
        rng = SplitMix64(seed: seed)
        var initial: [Axis: Double] = [:]
        if kind == .homingFast { initial[.yaw] = Double.random(in: -2.5...2.5, using: &rng) }
        let virtual = try VirtualStand(board: WholeStandPropertyTests.board(kind), initialAngles: initial)
        monitor = StandBoundaryMonitor(virtual)
        axes = monitor.axes
        monitor.context = "seed \(seed)"
    }

    private mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }
    private mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &rng)] }

    mutating func play(ticks: Int) {
        let end = monitor.ticks + ticks
        while monitor.ticks < end {
            let wait = pick([1, 2, 5, 10, 20, 40, 80, 150, 300, 600, 1200])
            for _ in 0..<min(Int.random(in: 1...wait, using: &rng), end - monitor.ticks) { step() }
            guard monitor.ticks < end else { break }
            if end - monitor.ticks < 3_000, chance(0.3) {
                halt()
                return
            }
            act()
        }
    }

    /// One tick, keeping up the events that run on their own: the tracking
    /// stream at 30 Hz, clearing a fault once the stand has stopped.
    private mutating func step() {
        let status = monitor.status
        if status.time < trackingUntil, monitor.ticks % 33 == 0 {
            subject.yaw += subject.yawRate * 0.033
            subject.pitch += subject.pitchRate * 0.033
            if chance(0.05) { subject.yawRate = Double.random(in: -2...2, using: &rng) }
            let latency = Double.random(in: 0...0.15, using: &rng)
            let target = TrackingTarget(
                capturedAt: status.time - latency,
                yawCorrection: subject.yaw - status.measured.yaw + Double.random(in: -0.01...0.01, using: &rng),
                pitchCorrection: chance(0.8) ? subject.pitch - status.measured.pitch : nil)
            send(.trackTarget(target))
            return
        }
        if status.faultDisabled, chance(0.01) {
            undoInjections()
            send(.clearFault)
            return
        }
        monitor.tick()
        if monitor.status.fault == nil, status.fault != nil {
            // A cleared fault re-synchronised the axes: undone injections are
            // over (a cut encoder stays cut).
            monitor.tamperedEncoders.subtract(undone.subtracting(cutEncoders))
            undone = []
        }
    }

    @discardableResult
    private mutating func send(_ command: MotionCommand) -> CommandReply? {
        commandsSent += 1
        do {
            let reply = try monitor.send(command)
            if case .started(let receipt) = reply { lastRequest = receipt.requestID }
            return reply
        } catch {
            return nil
        }
    }

    private mutating func randomAxis() -> Axis { pick(axes) }

    private func limit(_ axis: Axis) -> AxisLimits? { monitor.hardware[axis] }

    /// A velocity for every axis: zero, at the cap, above it, or anything.
    private mutating func velocity(scale: Double = 1) -> Vector3 {
        var v = Vector3.zero
        for axis in axes where chance(0.7) {
            let cap = limit(axis)?.maximumSpeed ?? 1
            let size = pick([0, 1, 1, 1.5, 3, Double.random(in: 0...1, using: &rng)])
            v[axis] = (chance(0.5) ? -1 : 1) * cap * size * scale
        }
        return v
    }

    /// A target for every axis, inside the range or past it.
    private mutating func angles() -> Vector3 {
        var v = Vector3.zero
        for axis in axes {
            let range = limit(axis)?.positionRange
            let half = range.map { $0.widthRadians / 2 } ?? Double.pi
            let centre = range?.centreRadians ?? 0
            v[axis] = centre + half * Double.random(in: -1.3...1.3, using: &rng)
        }
        return v
    }

    private mutating func duration() -> Double { pick([0, 0, 0.05, 0.3, 1, Double.random(in: 0...3, using: &rng)]) }

    private mutating func act() {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<14: send(.setAngularVelocity(velocity()))
        case 14..<20: squareWave()
        case 20..<30: send(.setOrientation(.angles(angles()), durationSeconds: duration(), relative: false))
        case 30..<34:
            var q = angles()
            if !axes.contains(.roll) { q.roll = 0 }
            send(.setOrientation(.quaternion(Quaternion(pitchYawRoll: q)), durationSeconds: duration(), relative: chance(0.4)))
        case 34..<38:
            var offset = Vector3.zero
            for axis in axes { offset[axis] = Double.random(in: -1...1, using: &rng) }
            send(.setOrientation(.angles(offset), durationSeconds: duration(), relative: true))
        case 38..<46: reversal()
        case 46..<52: send(.animate(pick(AnimationName.allCases)))
        case 52..<55: animationNearALimit()
        case 55..<58: send(.cancel(requestID: chance(0.8) ? lastRequest : UInt32.random(in: 0...20, using: &rng)))
        case 58..<62: send(.stop)
        case 62..<72: narrowing()
        case 72..<75: send(.resetLimits)
        case 75..<80:
            trackingUntil = monitor.status.time + Double.random(in: 0.5...6, using: &rng)
            subject = (monitor.status.measured.yaw + Double.random(in: -0.5...0.5, using: &rng),
                       monitor.status.measured.pitch, Double.random(in: -1...1, using: &rng), 0)
        case 80..<82: send(.trackLost)
        case 82..<84:
            trackingUntil = -1
            send(.stopTracking)
        case 84..<87:
            // What the hub sends when a host docks or system tracking toggles.
            trackingUntil = -1
            send(.resetSession)
        case 87..<91: injectFault()
        case 91..<93: undoInjections()
        case 93..<95: send(.home)
        case 95..<97: send(.clearFault)
        default:
            // Several commands in one tick.
            let burst: [MotionCommand] = [
                .setAngularVelocity(velocity()), .setOrientation(.angles(angles()), durationSeconds: 0, relative: false),
                .setAngularVelocity(velocity()),
            ]
            for command in burst { _ = try? monitor.virtual.stand.mailbox.post(command) }
            monitor.tick()
            commandsSent += burst.count
        }
    }

    /// Velocity flipping sign at and above the caps, every few to a few hundred ticks.
    private mutating func squareWave() {
        let v = velocity(scale: pick([1, 1.2, 4]))
        let half = pick([3, 10, 40, 120, 300])
        for cycle in 0..<Int.random(in: 2...12, using: &rng) {
            send(.setAngularVelocity(cycle % 2 == 0 ? v : Vector3(pitch: -v.pitch, yaw: -v.yaw, roll: -v.roll)))
            for _ in 0..<half { step() }
        }
    }

    /// A move under way (a velocity or an orientation) sent to a target behind it.
    private mutating func reversal() {
        let axis = randomAxis()
        var v = Vector3.zero
        let cap = limit(axis)?.maximumSpeed ?? 1
        v[axis] = (chance(0.5) ? -1 : 1) * cap * pick([1, 2])
        if chance(0.5) {
            send(.setAngularVelocity(v))
        } else {
            var target = monitor.status.commanded.map { $1.position }
            target[axis] += v[axis]
            send(.setOrientation(.angles(Vector3(pitch: target.pitch, yaw: target.yaw, roll: target.roll)),
                                 durationSeconds: 0, relative: false))
        }
        for _ in 0..<Int.random(in: 20...400, using: &rng) { step() }
        var behind = Vector3.zero
        let here = monitor.status.commanded.map { $1.position }
        for other in axes { behind[other] = here[other] }
        behind[axis] = here[axis] - v[axis] * Double.random(in: 0.05...1, using: &rng)
        send(.setOrientation(.angles(behind), durationSeconds: duration(), relative: false))
    }

    /// A range put where the axis is heading: ahead of it within its braking
    /// distance, behind it, or around it; with a random speed cap.
    private mutating func narrowing() {
        var user = UserLimits()
        for axis in axes where chance(0.6) {
            guard let hardware = limit(axis) else { continue }
            let state = monitor.status.commanded[axis]
            let braking = state.velocity * state.velocity / (2 * hardware.maximumAcceleration)
            let heading = state.velocity < 0 ? -1.0 : 1.0
            var lower: Double, upper: Double
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                // An end ahead, closer than the braking distance.
                let end = state.position + heading * braking * Double.random(in: 0...0.9, using: &rng)
                let width = Double.random(in: 0.05...2, using: &rng)
                (lower, upper) = heading > 0 ? (end - width, end) : (end, end + width)
            case 1:
                // A range entirely behind the axis.
                let near = state.position - heading * Double.random(in: 0.01...1, using: &rng)
                let width = Double.random(in: 0.01...1, using: &rng)
                (lower, upper) = heading > 0 ? (near - width, near) : (near, near + width)
            case 2:
                // Around the axis.
                let half = Double.random(in: 0.02...1.5, using: &rng)
                (lower, upper) = (state.position - half, state.position + half)
            default:
                // Anything, some of it invalid.
                let a = Double.random(in: -4...4, using: &rng), b = Double.random(in: -4...4, using: &rng)
                (lower, upper) = (min(a, b), max(a, b))
            }
            let speed = hardware.maximumSpeed * pick([0.1, 0.5, 1, 2, Double.random(in: 0.01...1, using: &rng)])
            let limit = try? UserAxisLimit(lowerRadians: lower, upperRadians: upper, maximumSpeed: speed)
            switch axis {
            case .pitch: user.pitch = limit
            case .yaw: user.yaw = limit
            case .roll: user.roll = limit
            }
        }
        send(.setLimits(user))
    }

    /// A move to within a hair of a range end, then an animation there.
    private mutating func animationNearALimit() {
        var target = Vector3.zero
        for axis in axes {
            guard let range = limit(axis)?.positionRange ?? monitor.status.limits[axis]?.positionRange else { continue }
            target[axis] = chance(0.5) ? range.upperRadians - Double.random(in: 0...0.05, using: &rng)
                : range.lowerRadians + Double.random(in: 0...0.05, using: &rng)
        }
        send(.setOrientation(.angles(target), durationSeconds: 0, relative: false))
        for _ in 0..<Int.random(in: 100...2000, using: &rng) { step() }
        send(.animate(pick(AnimationName.allCases)))
    }

    private mutating func injectFault() {
        let model = monitor.virtual.simulation.model
        let steppers = axes.filter { axis in monitor.status.encoderAxes.contains(AxisSet(axis)) }
        guard !steppers.isEmpty else { return }
        let axis = pick(steppers)
        monitor.tamperedEncoders.insert(AxisSet(axis))
        switch Int.random(in: 0..<5, using: &rng) {
        case 0, 1:
            try? model.jam(axis: axis)
            injected.append((axis, 0))
        case 2, 3:
            try? model.skipSteps(axis: axis, fraction: pick([0.02, 0.2, 1]))
            injected.append((axis, 1))
        default:
            // Irreversible: that encoder stays out of the checks for the episode.
            try? model.cutEncoder(axis: axis)
            cutEncoders.insert(AxisSet(axis))
        }
    }

    private mutating func undoInjections() {
        let model = monitor.virtual.simulation.model
        for (axis, kind) in injected {
            if kind == 0 { try? model.free(axis: axis) } else { try? model.skipSteps(axis: axis, fraction: 0) }
            undone.insert(AxisSet(axis))
        }
        injected.removeAll()
    }

    /// Ends the episode the way the daemon does on SIGTERM: decelerate, disable.
    private mutating func halt() {
        monitor.virtual.stand.requestHalt()
        _ = monitor.run(until: { $0.halted }, timeoutSeconds: monitor.virtual.stand.worstCaseStopSeconds + 1)
        monitor.run(seconds: 0.1)
    }
}
