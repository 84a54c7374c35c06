import SwivelVocabulary

/// `camera`: optional; each device type's field of view, else the defaults.
extension BoardDecoder {
    func decodeCamera(_ root: ObjectFields) -> FieldOfViewTable? {
        let defaults = FieldOfViewTable.defaults
        guard root.has("camera") else { return defaults }
        guard let camera = object(root, "camera", allowed: BoardKeys.camera, required: false) else { return nil }
        let wide = fieldOfView(camera, "wideAngle", default: defaults.wideAngle)
        let ultra = fieldOfView(camera, "ultraWide", default: defaults.ultraWide)
        let tele = fieldOfView(camera, "telephoto", default: defaults.telephoto)
        let other = fieldOfView(camera, "other", default: defaults.other)
        guard let wide, let ultra, let tele, let other else { return nil }
        return FieldOfViewTable(wideAngle: wide, ultraWide: ultra, telephoto: tele, other: other)
    }

    /// Both angles are required when the device type is given: half a field of
    /// view is a guess this file should not make.
    private func fieldOfView(_ camera: ObjectFields, _ key: String, default fallback: FieldOfView) -> FieldOfView? {
        guard camera.has(key) else { return fallback }
        guard let fields = object(camera, key, allowed: BoardKeys.fieldOfView, required: true) else { return nil }
        // A pinhole sees less than half a turn; 0.05 rad (3°) is a very long telephoto.
        let bounds = NumberBounds(lower: 0.05, lowerInclusive: true, upper: 3.0, upperInclusive: true,
                                  text: "between 0.05 and 3.0 (a pinhole camera sees less than π)")
        let horizontal = number(fields, "horizontalFovRad", bounds)
        let vertical = number(fields, "verticalFovRad", bounds)
        guard let horizontal, let vertical else { return nil }
        // The bounds lie inside FieldOfView's own (0 < angle < π), so this cannot
        // throw; were they ever widened past them, the file would be refused here.
        do {
            return try FieldOfView(horizontalRadians: horizontal.value, verticalRadians: vertical.value)
        } catch {
            report(horizontal, error.reason.text)
            return nil
        }
    }
}
