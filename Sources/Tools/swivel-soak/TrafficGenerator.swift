#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelCore
import SwivelProtocol

/// What a session sends next, drawn at random from the kinds the options allow.
enum Outgoing {
    /// A command; its reply is owed.
    case command(HostMessage)
    /// A well-formed frame whose id, length, version or values are wrong: an ERR is owed.
    case frame(version: UInt8, id: UInt8, payload: [UInt8])
    /// Bytes that are no frame (garbage, a bad checksum, a cut frame): nothing is owed.
    case garbage([UInt8])
    /// The previous frame again: its reply is owed again.
    case retransmit
    /// HELLO in the middle of a session.
    case helloAgain
}

/// Random traffic for the soak's sessions: ordinary commands around the board's
/// ranges and caps, and the hostile kinds `SoakOptions.Traffic` names.
struct TrafficGenerator {
    let board: Board
    let options: SoakOptions
    var random: SplitMix64

    init(board: Board, options: SoakOptions, seed: UInt64) {
        self.board = board
        self.options = options
        random = SplitMix64(seed: seed)
    }

    mutating func chance(_ p: Double) -> Bool { Double(random.next() >> 11) / Double(1 << 53) < p }
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(random.next() >> 11) / Double(1 << 53)
    }
    mutating func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }

    /// The next thing to send, weighted toward ordinary commands.
    mutating func next() -> Outgoing {
        var kinds: [(SoakOptions.Traffic, Int)] = [(.motion, 40), (.limits, 8), (.tracking, 14), (.absurd, 6), (.malformed, 8), (.misuse, 4)]
        kinds.removeAll { !options.allows($0.0) }
        guard !kinds.isEmpty else { return .command(.heartbeat) }
        var roll = Int(random.next() % UInt64(kinds.reduce(0) { $0 + $1.1 }))
        for (kind, weight) in kinds {
            if roll < weight { return next(kind) }
            roll -= weight
        }
        return .command(.heartbeat)
    }

    mutating func next(_ kind: SoakOptions.Traffic) -> Outgoing {
        switch kind {
        case .motion: return .command(motion())
        case .limits: return .command(limits())
        case .tracking: return .command(tracking())
        case .absurd: return absurd()
        case .malformed: return malformed()
        case .misuse: return chance(0.5) ? .retransmit : .helloAgain
        case .churn, .silence, .serial: return .command(.heartbeat)
        }
    }

    // MARK: - Ordinary

    private func limits(of axis: Axis) -> Board.Limits? { board.axes[axis]?.limits }

    /// A position around the axis's range: mostly inside, sometimes past an end (clamped, the reply says so).
    private mutating func angle(_ axis: Axis) -> Double {
        guard let l = limits(of: axis), let lower = l.minRadians, let upper = l.maxRadians else { return uniform(-4...4) }
        return uniform((lower * 1.2)...(upper * 1.2))
    }

    private mutating func rate(_ axis: Axis) -> Double {
        let cap = limits(of: axis)?.maxSpeedRadiansPerSecond ?? 1
        return chance(0.2) ? 0 : uniform((-1.3 * cap)...(1.3 * cap))
    }

    mutating func motion() -> HostMessage {
        switch random.next() % 10 {
        case 0, 1, 2:
            return .setAngularVelocity(Vector3(pitch: rate(.pitch), yaw: rate(.yaw), roll: rate(.roll)))
        case 3, 4:
            let relative = chance(0.25)
            let target = relative
                ? Vector3(pitch: uniform(-0.5...0.5), yaw: uniform(-1.5...1.5), roll: uniform(-0.3...0.3))
                : Vector3(pitch: angle(.pitch), yaw: angle(.yaw), roll: angle(.roll))
            return .setOrientation(OrientationRequest(target: .angles(target), durationSeconds: pick([0, 0.2, 0.5, 1, 2, uniform(0...3)]), relative: relative))
        case 5:
            let yaw = angle(.yaw) / 2, pitch = angle(.pitch) / 2
            let q = Quaternion(w: (yaw / 2).cosine * (pitch / 2).cosine, x: (yaw / 2).cosine * (pitch / 2).sine,
                               y: (yaw / 2).sine * (pitch / 2).cosine, z: -(yaw / 2).sine * (pitch / 2).sine)
            return .setOrientation(OrientationRequest(target: .quaternion(q), durationSeconds: uniform(0...2), relative: false))
        case 6: return .animate(pick(AnimationName.allCases))
        case 7: return chance(0.5) ? .stop : .cancel(requestID: UInt32(random.next() % 64))
        case 8: return .setSystemTracking(enabled: chance(0.2))
        default: return chance(0.5) ? .getState : .clearFault
        }
    }

    mutating func limits() -> HostMessage {
        guard chance(0.8) else { return .resetLimits }
        var axes = PerAxis<LimitsRequest.AxisLimit?>(repeating: nil)
        for axis in Axis.allCases where chance(0.6) {
            let a = angle(axis), b = angle(axis)
            let speed = (limits(of: axis)?.maxSpeedRadiansPerSecond ?? 1) * uniform(0.1...1.2)
            // One in five invalid: min not below max, a speed of zero or less.
            axes[axis] = chance(0.2)
                ? LimitsRequest.AxisLimit(lowerRadians: max(a, b), upperRadians: min(a, b), maximumSpeed: chance(0.5) ? 0 : -speed)
                : LimitsRequest.AxisLimit(lowerRadians: min(a, b) - 0.05, upperRadians: max(a, b) + 0.05, maximumSpeed: speed)
        }
        return .setLimits(LimitsRequest(limits: axes))
    }

    mutating func tracking() -> HostMessage {
        switch random.next() % 8 {
        case 0, 1, 2, 3: return .track(batch())
        case 4: return .setFramingMode(pick(FramingMode.allCases))
        case 5:
            let x = uniform(0...0.5), y = uniform(0...0.5)
            return .setRegionOfInterest(NormalizedRectUpperLeft(x: x, y: y, width: uniform(0.2...(1 - x)), height: uniform(0.2...(1 - y))))
        case 6: return .selectSubject(at: NormalizedPointUpperLeft(x: uniform(0...1), y: uniform(0...1)))
        default:
            let id = WireUUID(bytes: (0..<16).map { _ in UInt8(truncatingIfNeeded: random.next()) }) ?? .zero
            return .selectSubjects(chance(0.5) ? [] : [id])
        }
    }

    mutating func batch() -> TrackBatch {
        let intrinsics = chance(0.5)
            ? CameraInformation.Intrinsics(matrix: [1000, 0, 960, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080)
            : nil
        let camera = CameraInformation(deviceType: pick(CameraInformation.DeviceType.allCases), position: chance(0.5) ? .back : .front,
                                       orientation: pick(CameraInformation.Orientation.allCases), intrinsics: intrinsics)
        let count = Int(random.next() % 4)
        let observations = (0..<count).map { index in
            TrackBatch.Observation(
                identifier: Int64(index), kind: pick([.humanFace, .humanBody, .object]),
                rect: NormalizedRectLowerLeft(x: uniform(0...0.8), y: uniform(0...0.8), width: uniform(0.05...0.2), height: uniform(0.05...0.2)),
                faceYawRadians: chance(0.5) ? uniform(-1...1) : nil, speakingConfidence: chance(0.5) ? uniform(0...1) : nil,
                lookingAtCameraConfidence: chance(0.5) ? uniform(0...1) : nil)
        }
        return TrackBatch(captureAgeMicroseconds: UInt32(random.next() % 80_000), camera: camera, observations: observations)
    }

    // MARK: - Hostile

    static let absurdValues: [Double] = [
        1e17, -9.3e16, .infinity, -.infinity, .nan, Double(Float.greatestFiniteMagnitude), -3.4e38, 1e9, 1e38,
        Double(Float.leastNonzeroMagnitude), -Double(Float.leastNonzeroMagnitude), -1,
    ]

    mutating func absurd() -> Outgoing {
        let v = pick(Self.absurdValues)
        switch random.next() % 9 {
        case 0: return .command(.setAngularVelocity(Vector3(pitch: chance(0.5) ? v : 0, yaw: v, roll: chance(0.5) ? v : 0)))
        case 1:
            return .command(.setOrientation(OrientationRequest(target: .angles(Vector3(pitch: 0, yaw: chance(0.5) ? v : 0.5, roll: 0)),
                                                                durationSeconds: chance(0.5) ? v : 1, relative: chance(0.5))))
        case 2:
            return .command(.setOrientation(OrientationRequest(target: .quaternion(Quaternion(w: v, x: 0, y: chance(0.5) ? v : 0, z: 0)),
                                                                durationSeconds: 0.5, relative: false)))
        case 3:
            let limit = LimitsRequest.AxisLimit(lowerRadians: chance(0.5) ? -abs(v) : -0.5, upperRadians: chance(0.5) ? abs(v) : 0.5,
                                                maximumSpeed: chance(0.5) ? v : 1)
            return .command(.setLimits(LimitsRequest(limits: PerAxis(pitch: nil, yaw: limit, roll: nil))))
        case 4:
            // An axis mask with undefined bits: a raw SET_LIMITS frame.
            var w = ByteWriter()
            w.u8(0xF8 | UInt8(random.next() % 8))
            for _ in 0..<9 { w.f32(uniform(-1...1)) }
            return .frame(version: ProtocolVersion.current, id: MessageID.setLimits.rawValue, payload: w.bytes)
        case 5:
            return .command(.setRegionOfInterest(NormalizedRectUpperLeft(x: 0.5, y: 0.5, width: chance(0.5) ? v : 1e-40, height: 1e-40)))
        case 6:
            var hostile = batch()
            hostile.captureAgeMicroseconds = chance(0.5) ? 0xFFFF_FFFF : 0
            hostile.camera.intrinsics = CameraInformation.Intrinsics(
                matrix: [v, 0, 960, 0, chance(0.5) ? 0 : -1000, 540, 0, 0, 1], referenceWidth: chance(0.5) ? 0 : v, referenceHeight: 1080)
            return .command(.track(hostile))
        case 7:
            var hostile = batch()
            hostile.observations = [TrackBatch.Observation(
                identifier: .min, kind: .humanFace, rect: NormalizedRectLowerLeft(x: v, y: 0.5, width: 0.1, height: chance(0.5) ? v : 0.1),
                faceYawRadians: v, speakingConfidence: chance(0.5) ? v : 2, lookingAtCameraConfidence: -1)]
            return .command(.track(hostile))
        default:
            return .command(.selectSubject(at: NormalizedPointUpperLeft(x: v, y: chance(0.5) ? v : 0.5)))
        }
    }

    mutating func malformed() -> Outgoing {
        switch random.next() % 9 {
        case 0:
            // Shorter than the message's required length.
            let id = pick([MessageID.setAngularVelocity, .setOrientation, .setLimits, .track, .cancel, .setRegionOfInterest])
            return .frame(version: ProtocolVersion.current, id: id.rawValue, payload: (0..<Int(random.next() % 8)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 1: return .frame(version: ProtocolVersion.current, id: UInt8(0x50 + random.next() % 0xA0), payload: [])
        case 2: return .frame(version: ProtocolVersion.current, id: pick([0x02, 0x10, 0x11, 0x40, 0x41, 0x45]), payload: [1, 2, 3])
        case 3: return .frame(version: UInt8(2 + random.next() % 200), id: MessageID.heartbeat.rawValue, payload: [])
        case 4:
            // A good frame with one bit flipped: the checksum drops it.
            var frame = WireFrame.encode(.stop, sequence: UInt16(truncatingIfNeeded: random.next()))
            let index = Int(random.next() % UInt64(frame.count - 1))
            frame[index] ^= 1 << UInt8(random.next() % 8)
            if frame[index] == 0 { frame[index] = 0x55 }
            return .garbage(Array(frame.dropLast()))
        case 5: return .garbage((0..<Int(1 + random.next() % 64)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        case 6: return .garbage([UInt8](repeating: 0x41, count: 1_030 + Int(random.next() % 3_000)))
        case 7:
            // A frame cut short.
            let frame = WireFrame.encode(.getState, sequence: 1)
            return .garbage(Array(frame.prefix(Int(random.next() % UInt64(frame.count - 1)))))
        default:
            // A good SET_ORIENTATION with trailing bytes: they are ignored (forward compatibility).
            let payload = HostMessage.setOrientation(OrientationRequest(target: .angles(Vector3(pitch: 0, yaw: 0.2, roll: 0)), durationSeconds: 1, relative: true)).encodePayload()
            return .frame(version: ProtocolVersion.current, id: MessageID.setOrientation.rawValue, payload: payload + [1, 2, 3, 4])
        }
    }
}

extension Double {
    var sine: Double { sin(self) }
    var cosine: Double { cos(self) }
}
