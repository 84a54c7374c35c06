/// A camera's angular field of view, measured on the sensor's native LANDSCAPE
/// buffer (wider than tall for every phone camera). `CameraGeometry` swaps the
/// two for a portrait orientation; nobody else should.
///
/// Always valid: both angles finite and strictly between 0 and π (a pinhole
/// camera cannot see half a turn or more, and `tan(fov / 2)` must be finite).
public struct FieldOfView: Equatable, Sendable {
    // Read-only so a validated value can never be made invalid afterwards.
    public private(set) var horizontalRadians: Radians
    public private(set) var verticalRadians: Radians

    public init(horizontalRadians: Radians, verticalRadians: Radians) throws(SwivelError) {
        try Self.check(horizontalRadians)
        try Self.check(verticalRadians)
        self.horizontalRadians = horizontalRadians
        self.verticalRadians = verticalRadians
    }

    /// For the compile-time defaults below, which the tests pin as valid.
    private init(known horizontalRadians: Radians, _ verticalRadians: Radians) {
        self.horizontalRadians = horizontalRadians
        self.verticalRadians = verticalRadians
    }

    private static func check(_ radians: Radians) throws(SwivelError) {
        guard radians.isFinite else { throw SwivelError.invalid(.nonFiniteValue, value: radians) }
        guard radians > 0, radians < Double.pi else { throw SwivelError.invalid(.fieldOfViewOutOfRange, value: radians) }
    }

    // iPhone-class cameras; docs/TRACKING.md "From a point to an angle".
    static let defaultWideAngle = FieldOfView(known: 1.107, 0.860)
    static let defaultUltraWide = FieldOfView(known: 1.745, 1.396)
    static let defaultTelephoto = FieldOfView(known: 0.489, 0.370)
}

/// The field of view for each capture device type, used when a batch carries no
/// (valid) intrinsics. A board may override it (`tracking.fieldOfView`).
public struct FieldOfViewTable: Equatable, Sendable {
    public var wideAngle: FieldOfView
    public var ultraWide: FieldOfView
    public var telephoto: FieldOfView
    public var other: FieldOfView

    public init(wideAngle: FieldOfView, ultraWide: FieldOfView, telephoto: FieldOfView, other: FieldOfView) {
        self.wideAngle = wideAngle
        self.ultraWide = ultraWide
        self.telephoto = telephoto
        self.other = other
    }

    public subscript(_ type: CameraInformation.DeviceType) -> FieldOfView {
        switch type {
        case .wideAngle: wideAngle
        case .ultraWide: ultraWide
        case .telephoto: telephoto
        case .other: other
        }
    }

    /// wideAngle 1.107 × 0.860 rad, ultraWide 1.745 × 1.396, telephoto 0.489 × 0.370,
    /// other = wideAngle (the camera an unknown device most likely uses).
    public static let defaults = FieldOfViewTable(
        wideAngle: FieldOfView.defaultWideAngle,
        ultraWide: FieldOfView.defaultUltraWide,
        telephoto: FieldOfView.defaultTelephoto,
        other: FieldOfView.defaultWideAngle
    )
}
