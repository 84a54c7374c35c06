import SwivelCore

extension CameraInformation {
    static let wireBytes = 48

    func encode(to w: inout ByteWriter) {
        w.u8(deviceType.rawValue)
        w.u8(position.rawValue)
        w.u8(orientation.rawValue)
        w.bool(intrinsics != nil)
        for i in 0..<9 { w.f32(intrinsics.map { i < $0.matrix.count ? $0.matrix[i] : 0 } ?? 0) }
        w.f32(intrinsics?.referenceWidth ?? 0)
        w.f32(intrinsics?.referenceHeight ?? 0)
    }

    static func decode(from r: inout ByteReader, messageID: MessageID) throws(MessageError) -> CameraInformation {
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
        return CameraInformation(
            deviceType: type, position: position, orientation: orientation,
            intrinsics: hasIntrinsics ? Intrinsics(matrix: matrix, referenceWidth: width, referenceHeight: height) : nil)
    }
}
