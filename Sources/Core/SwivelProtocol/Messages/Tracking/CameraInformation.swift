import SwivelVocabulary

extension CameraInformation {
    static let wireBytes = 48

    /// What the reference size fields carry when the sender has no intrinsics:
    /// the stand does not use the size then, but PROTOCOL.md §3 holds it to
    /// 1…100000 px all the same (a 0×0 or NaN there is a sender bug), so a
    /// sender without a frame size states the common one, as the Python
    /// client's default does.
    static let unstatedReferenceSize = (width: 1920.0, height: 1080.0)

    func encode(to w: inout ByteWriter) {
        w.u8(deviceType.rawValue)
        w.u8(position.rawValue)
        w.u8(orientation.rawValue)
        w.bool(intrinsics != nil)
        for i in 0..<9 { w.f32(intrinsics.map { i < $0.matrix.count ? $0.matrix[i] : 0 } ?? 0) }
        w.f32(intrinsics?.referenceWidth ?? Self.unstatedReferenceSize.width)
        w.f32(intrinsics?.referenceHeight ?? Self.unstatedReferenceSize.height)
    }

    /// `referenceSize` is set to the size as sent: without intrinsics the
    /// camera keeps none, yet it is checked all the same (`TrackBatch.decode`).
    static func decode(
        from r: inout ByteReader, messageID: MessageID, referenceSize: inout (width: Double, height: Double)
    ) throws(MessageError) -> CameraInformation {
        let rawType = r.u8(), rawPosition = r.u8(), rawOrientation = r.u8()
        guard let type = DeviceType(rawValue: rawType) else {
            throw .unknownValue(messageID, field: "camera device type", value: UInt64(rawType))
        }
        guard let position = Position(rawValue: rawPosition) else {
            throw .unknownValue(messageID, field: "camera position", value: UInt64(rawPosition))
        }
        guard let orientation = Orientation(rawValue: rawOrientation) else {
            throw .unknownValue(messageID, field: "camera orientation", value: UInt64(rawOrientation))
        }
        let hasIntrinsics = r.bool()
        var matrix: [Double] = []
        for _ in 0..<9 { matrix.append(r.f32()) }
        let width = r.f32(), height = r.f32()
        referenceSize = (width, height)
        return CameraInformation(
            deviceType: type, position: position, orientation: orientation,
            intrinsics: hasIntrinsics ? Intrinsics(matrix: matrix, referenceWidth: width, referenceHeight: height) : nil)
    }
}
