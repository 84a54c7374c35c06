public import SwivelVocabulary

/// SET_LIMITS's payload: raw numbers per axis. Validation is not the codec's
/// job: `userLimits()` applies DockKit's rules so a bad limit is answered with
/// `invalidParameter` naming the axis, exactly as a local call would be.
public struct LimitsRequest: Equatable, Sendable {
    public struct AxisLimit: Equatable, Sendable {
        public var lowerRadians: Double
        public var upperRadians: Double
        public var maximumSpeed: Double

        public init(lowerRadians: Double, upperRadians: Double, maximumSpeed: Double) {
            self.lowerRadians = lowerRadians
            self.upperRadians = upperRadians
            self.maximumSpeed = maximumSpeed
        }
    }

    public var limits: PerAxis<AxisLimit?>

    public init(limits: PerAxis<AxisLimit?>) { self.limits = limits }

    public init(_ user: UserLimits) {
        limits = PerAxis(repeating: nil)
        for axis in Axis.allCases {
            guard let limit = user[axis] else { continue }
            limits[axis] = AxisLimit(
                lowerRadians: limit.positionRange.lowerRadians, upperRadians: limit.positionRange.upperRadians,
                maximumSpeed: limit.maximumSpeed)
        }
    }

    public func userLimits() throws(SwivelError) -> UserLimits {
        var user = UserLimits()
        for axis in Axis.allCases {
            guard let raw = limits[axis] else { continue }
            let limit = try UserAxisLimit(
                lowerRadians: raw.lowerRadians, upperRadians: raw.upperRadians, maximumSpeed: raw.maximumSpeed, axis: axis)
            switch axis {
            case .pitch: user.pitch = limit
            case .yaw: user.yaw = limit
            case .roll: user.roll = limit
            }
        }
        return user
    }

    static let minimumBytes = 1

    func encode(to w: inout ByteWriter) {
        var mask: UInt8 = 0
        for axis in Axis.allCases where limits[axis] != nil { mask |= AxisSet(axis).rawValue }
        w.u8(mask)
        for axis in Axis.allCases {
            guard let limit = limits[axis] else { continue }
            w.f32(limit.lowerRadians)
            w.f32(limit.upperRadians)
            w.f32(limit.maximumSpeed)
        }
    }

    static func decode(from r: inout ByteReader) throws(MessageError) -> LimitsRequest {
        try r.require(minimumBytes, for: .setLimits)
        let raw = r.u8()
        do {
            try InputRanges.axisMask.check(Double(raw))
        } catch {
            throw .invalid(.setLimits, error)
        }
        let mask = AxisSet(rawValue: raw)
        var count = 0
        for axis in Axis.allCases where mask.contains(axis) { count += 1 }
        try r.require(1 + 12 * count, for: .setLimits)
        var limits = PerAxis<AxisLimit?>(repeating: nil)
        for axis in Axis.allCases where mask.contains(axis) {
            limits[axis] = AxisLimit(lowerRadians: r.f32(), upperRadians: r.f32(), maximumSpeed: r.f32())
        }
        return LimitsRequest(limits: limits)
    }
}
