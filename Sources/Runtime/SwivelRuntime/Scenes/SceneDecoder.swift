import SwivelBoard
import SwivelCore

/// JSON5 → `Scene`, reporting into `SceneFields`.
struct SceneDecoder {
    let fields: SceneFields

    init(_ fields: SceneFields) { self.fields = fields }

    static let rootKeys = ["name", "description", "durationSec", "camera", "primarySubject", "subjects", "buttonPresses"]
    static let pressKeys = ["atSec", "button", "holdSec"]
    static let cameraKeys = [
        "deviceType", "position", "orientation", "frameRateHz", "latencyMs", "noiseSigma", "dropoutProbability", "seed",
        "latencyJitterMs", "stallProbability", "stallMs", "frameDropProbability",
    ]
    static let subjectKeys = ["id", "kind", "widthRad", "heightRad", "smoothingSec", "trajectory", "speaking"]
    static let keyframeKeys = ["atSec", "yawRad", "yawRadPerSec", "pitchRad", "pitchRadPerSec"]
    static let speakingKeys = ["atSec", "confidence"]

    func scene(_ root: JSON5Value) -> Scene? {
        guard let object = fields.object(root, path: "", allowed: Self.rootKeys) else { return nil }
        if object.has("description") { _ = fields.string(object, "description") }
        let name = fields.string(object, "name")
        let duration = fields.number(object, "durationSec", in: SceneBounds.durationSeconds, excludingLower: true)
        let camera = fields.require(object, "camera").flatMap { self.camera($0, path: "camera") }
        let elements = fields.array(object, "subjects", count: SceneBounds.subjects) ?? []
        let subjects = elements.enumerated().map { subject($1, path: "subjects[\($0)]") }
        let decoded = subjects.compactMap { $0 }
        var seen: Set<Int64> = []
        for (i, s) in subjects.enumerated() {
            guard let s, !seen.insert(s.id).inserted else { continue }
            fields.report("subjects[\(i)].id", line: elements[i].line, "\(s.id) is used by an earlier subject; ids are unique")
        }
        var primary = decoded.first?.id ?? 0
        if object.has("primarySubject"), let id = fields.integer(object, "primarySubject", in: Int(Int64.min)...Int(Int64.max)) {
            if decoded.contains(where: { $0.id == Int64(id) }) {
                primary = Int64(id)
            } else {
                fields.report("primarySubject", line: object.member("primarySubject")?.value.line,
                              "\(id) is not the id of any subject")
            }
        }
        var presses: [ScenePress?] = []
        if object.has("buttonPresses") {
            let elements = fields.array(object, "buttonPresses", count: SceneBounds.buttonPresses) ?? []
            presses = elements.enumerated().map { press($1, path: "buttonPresses[\($0)]") }
        }
        guard let name, let duration, let camera, !decoded.isEmpty, decoded.count == subjects.count,
            !presses.contains(where: { $0 == nil })
        else { return nil }
        return Scene(
            name: name, durationSeconds: duration, camera: camera, subjects: decoded, primarySubjectID: primary,
            buttonPresses: presses.compactMap { $0 })
    }

    /// The button's name is checked against the board when the scene plays (SceneSetup).
    private func press(_ value: JSON5Value, path: String) -> ScenePress? {
        guard let o = fields.object(value, path: path, allowed: Self.pressKeys) else { return nil }
        let at = fields.number(o, "atSec", in: SceneBounds.durationSeconds)
        let button = fields.string(o, "button")
        var hold: Double?
        if o.has("holdSec") {
            guard let value = fields.number(o, "holdSec", in: SceneBounds.holdSeconds, excludingLower: true) else { return nil }
            hold = value
        }
        guard let at, let button else { return nil }
        return ScenePress(atSeconds: at, button: button, holdSeconds: hold)
    }

    private func camera(_ value: JSON5Value, path: String) -> SceneCamera? {
        guard let o = fields.object(value, path: path, allowed: Self.cameraKeys) else { return nil }
        let type = fields.choice(o, "deviceType", [
            ("wideAngle", CameraInformation.DeviceType.wideAngle), ("ultraWide", .ultraWide),
            ("telephoto", .telephoto), ("other", .other),
        ])
        let position = fields.choice(o, "position", [("back", CameraInformation.Position.back), ("front", .front)])
        let orientation = fields.choice(o, "orientation", [
            ("corrected", CameraInformation.Orientation.corrected), ("portrait", .portrait),
            ("portraitUpsideDown", .portraitUpsideDown), ("landscapeLeft", .landscapeLeft),
            ("landscapeRight", .landscapeRight), ("faceUp", .faceUp), ("faceDown", .faceDown),
        ])
        let rate = fields.number(o, "frameRateHz", in: SceneBounds.frameRateHz)
        let latency = fields.number(o, "latencyMs", in: SceneBounds.latencyMilliseconds)
        let noise = fields.number(o, "noiseSigma", in: SceneBounds.noiseSigma)
        let dropout = fields.number(o, "dropoutProbability", in: SceneBounds.dropoutProbability)
        let seed = fields.integer(o, "seed", in: 0...Int.max)
        // Optional: a steady camera when absent.
        func optional(_ key: String, _ range: ClosedRange<Double>, default value: Double) -> Double? {
            o.has(key) ? fields.number(o, key, in: range) : value
        }
        let jitter = optional("latencyJitterMs", SceneBounds.latencyJitterMilliseconds, default: 0)
        let stallChance = optional("stallProbability", SceneBounds.stallProbability, default: 0)
        let stall = optional("stallMs", SceneBounds.stallMilliseconds, default: 150)
        let frameDrop = optional("frameDropProbability", SceneBounds.frameDropProbability, default: 0)
        guard let type, let position, let orientation, let rate, let latency, let noise, let dropout, let seed,
            let jitter, let stallChance, let stall, let frameDrop
        else { return nil }
        return SceneCamera(
            deviceType: type, position: position, orientation: orientation, frameRateHz: rate,
            latencySeconds: latency / 1000, noiseSigma: noise, dropoutProbability: dropout, seed: UInt64(seed),
            latencyJitterSeconds: jitter / 1000, stallProbability: stallChance, stallSeconds: stall / 1000,
            frameDropProbability: frameDrop)
    }

    private func subject(_ value: JSON5Value, path: String) -> SceneSubject? {
        guard let o = fields.object(value, path: path, allowed: Self.subjectKeys) else { return nil }
        let id = fields.integer(o, "id", in: Int(Int64.min)...Int(Int64.max))
        let kind = fields.choice(o, "kind", [("face", Observation.Kind.humanFace), ("body", .humanBody), ("object", .object)])
        let width = fields.number(o, "widthRad", in: SceneBounds.sizeRadians, excludingLower: true)
        let height = fields.number(o, "heightRad", in: SceneBounds.sizeRadians, excludingLower: true)
        var smoothing = 0.0
        var smoothingFailed = false
        if o.has("smoothingSec") {
            let value = fields.number(o, "smoothingSec", in: SceneBounds.smoothingSeconds)
            smoothing = value ?? 0
            smoothingFailed = value == nil
        }
        let trajectory = fields.array(o, "trajectory", count: 1...10_000).flatMap {
            self.trajectory($0, path: o.path(of: "trajectory"), smoothingSeconds: smoothing)
        }
        var speaking: ConfidenceCurve?
        var speakingFailed = false
        if o.has("speaking") {
            speaking = fields.array(o, "speaking", count: 1...10_000).flatMap { self.confidence($0, path: o.path(of: "speaking")) }
            speakingFailed = speaking == nil
        }
        guard let id, let kind, let width, let height, let trajectory, !speakingFailed, !smoothingFailed else { return nil }
        return SceneSubject(id: Int64(id), kind: kind, widthRadians: width, heightRadians: height,
                            path: trajectory, speaking: speaking)
    }

    /// Keyframes: an absolute angle (`yawRad`) or a rate from the previous
    /// keyframe (`yawRadPerSec`) per axis; an axis given neither holds.
    private func trajectory(_ elements: [JSON5Value], path: String, smoothingSeconds: Double) -> SubjectPath? {
        var points: [SubjectPath.Point] = []
        var failed = false
        // The file's previous time, even when that keyframe had another problem.
        var previousTime: Double?
        for (i, element) in elements.enumerated() {
            let here = "\(path)[\(i)]"
            guard let o = fields.object(element, path: here, allowed: Self.keyframeKeys),
                let time = fields.number(o, "atSec", in: SceneBounds.durationSeconds)
            else { failed = true; continue }
            defer { previousTime = time }
            if i == 0, time != 0 {
                fields.report(o.path(of: "atSec"), line: o.member("atSec")?.value.line, "the first keyframe must be at 0, found \(time)")
                failed = true
            }
            if let previousTime, time < previousTime {
                fields.report(o.path(of: "atSec"), line: o.member("atSec")?.value.line,
                              "time goes backwards: \(time) s comes after \(previousTime) s")
                failed = true
                continue
            }
            let previous = points.last
            let yaw = axis(o, "yaw", bounds: SceneBounds.yawRadians, time: time, from: previous.map { ($0.timeSeconds, $0.yaw) })
            let pitch = axis(o, "pitch", bounds: SceneBounds.pitchRadians, time: time, from: previous.map { ($0.timeSeconds, $0.pitch) })
            guard let yaw, let pitch else { failed = true; continue }
            points.append(SubjectPath.Point(timeSeconds: time, yaw: yaw, pitch: pitch))
        }
        guard !failed else { return nil }
        return SubjectPath(points: points, smoothingSeconds: smoothingSeconds)
    }

    /// One axis of a keyframe: `<name>Rad`, `<name>RadPerSec`, or neither (hold).
    private func axis(
        _ o: SceneFields.Object, _ name: String, bounds: ClosedRange<Double>, time: Double, from previous: (time: Double, value: Double)?
    ) -> Double? {
        let absoluteKey = name + "Rad", rateKey = name + "RadPerSec"
        switch (o.has(absoluteKey), o.has(rateKey), previous) {
        case (true, true, _):
            fields.report(o.path(of: rateKey), line: o.member(rateKey)?.value.line,
                          "give either \(absoluteKey) or \(rateKey), not both")
            return nil
        case (false, _, nil):
            fields.report(o.path(of: absoluteKey), line: o.line, "missing; the first keyframe needs an absolute \(absoluteKey)")
            return nil
        case (true, false, _):
            return fields.number(o, absoluteKey, in: bounds)
        case (false, false, let previous?):
            return previous.value
        case (false, true, let previous?):
            guard let rate = fields.number(o, rateKey, in: SceneBounds.rateRadiansPerSecond) else { return nil }
            guard time > previous.time else {
                fields.report(o.path(of: rateKey), line: o.member(rateKey)?.value.line,
                              "a rate needs time to act: atSec must be later than the previous keyframe's")
                return nil
            }
            let value = previous.value + rate * (time - previous.time)
            guard bounds.contains(value) else {
                fields.report(o.path(of: rateKey), line: o.member(rateKey)?.value.line,
                              "reaches \(name) \(value) rad, outside \(bounds.lowerBound)…\(bounds.upperBound)")
                return nil
            }
            return value
        }
    }

    private func confidence(_ elements: [JSON5Value], path: String) -> ConfidenceCurve? {
        var points: [ConfidenceCurve.Point] = []
        var failed = false
        for (i, element) in elements.enumerated() {
            let here = "\(path)[\(i)]"
            guard let o = fields.object(element, path: here, allowed: Self.speakingKeys) else { failed = true; continue }
            let time = fields.number(o, "atSec", in: SceneBounds.durationSeconds)
            let value = fields.number(o, "confidence", in: 0...1)
            guard let time, let value else { failed = true; continue }
            if let last = points.last, time < last.timeSeconds {
                fields.report(o.path(of: "atSec"), line: o.member("atSec")?.value.line,
                              "time goes backwards: \(time) s comes after \(last.timeSeconds) s")
                failed = true
                continue
            }
            points.append(ConfidenceCurve.Point(timeSeconds: time, confidence: value))
        }
        guard !failed else { return nil }
        return ConfidenceCurve(points: points)
    }
}
