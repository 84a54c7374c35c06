public import SwivelBoard
public import SwivelCore

extension Board.Camera {
    /// The board's fields of view as the tracking geometry takes them. The
    /// loader has checked each angle (0.05…3.0 rad), so every one is a valid
    /// field of view; the fallback is only for a board built in code.
    public var fieldOfViewTable: FieldOfViewTable {
        func convert(_ fov: Board.Camera.FieldOfView, _ fallback: SwivelCore.FieldOfView) -> SwivelCore.FieldOfView {
            (try? SwivelCore.FieldOfView(horizontalRadians: fov.horizontalRadians, verticalRadians: fov.verticalRadians)) ?? fallback
        }
        let defaults = FieldOfViewTable.defaults
        return FieldOfViewTable(
            wideAngle: convert(wideAngle, defaults.wideAngle), ultraWide: convert(ultraWide, defaults.ultraWide),
            telephoto: convert(telephoto, defaults.telephoto), other: convert(other, defaults.other))
    }
}
