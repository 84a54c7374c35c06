import SwivelCore
import SwivelProtocol

/// A command in one short line, for the context of a broken cap.
enum MessageText {
    static func describe(_ message: HostMessage) -> String {
        switch message {
        case .hello(let hello): "HELLO \(hello.clientName)"
        case .setAngularVelocity(let v): "SET_ANGULAR_VELOCITY \(vector(v)) rad/s"
        case .setOrientation(let request):
            switch request.target {
            case .angles(let v):
                "SET_ORIENTATION \(request.relative ? "by" : "to") \(vector(v)) rad in \(number(request.durationSeconds)) s"
            case .quaternion(let q):
                "SET_ORIENTATION \(request.relative ? "by" : "to") q(\(number(q.w)), \(number(q.x)), \(number(q.y)), \(number(q.z))) in \(number(request.durationSeconds)) s"
            }
        case .animate(let name): "ANIMATE \(name)"
        case .cancel(let id): "CANCEL \(id)"
        case .setLimits(let request):
            "SET_LIMITS " + Axis.allCases.compactMap { axis in
                request.limits[axis].map { "\(axis) \(number($0.lowerRadians))…\(number($0.upperRadians)) ≤ \(number($0.maximumSpeed)) rad/s" }
            }.joined(separator: ", ")
        case .setSystemTracking(let enabled): "SET_SYSTEM_TRACKING \(enabled)"
        case .track(let batch): "TRACK \(batch.observations.count) observations, age \(batch.captureAgeMicroseconds) µs"
        case .setFramingMode(let mode): "SET_FRAMING_MODE \(mode)"
        case .setRegionOfInterest(let r): "SET_REGION_OF_INTEREST \(number(r.x)), \(number(r.y)), \(number(r.width))×\(number(r.height))"
        case .selectSubject(let p): "SELECT_SUBJECT_AT \(number(p.x)), \(number(p.y))"
        case .selectSubjects(let ids): "SELECT_SUBJECTS \(ids.count)"
        default: "\(message.messageID)"
        }
    }

    static func vector(_ v: Vector3) -> String {
        "(pitch \(number(v.pitch)), yaw \(number(v.yaw)), roll \(number(v.roll)))"
    }

    static func number(_ value: Double) -> String {
        abs(value) < 1e6 || !value.isFinite ? format(value, 3) : "\(value)"
    }
}
