public import SwivelVocabulary

// Composite fields several messages share, always in this order.

extension ByteWriter {
    /// pitch, yaw, roll
    public mutating func vector(_ v: Vector3) {
        f32(v.pitch)
        f32(v.yaw)
        f32(v.roll)
    }

    public mutating func rect(_ r: NormalizedRectUpperLeft) {
        f32(r.x); f32(r.y); f32(r.width); f32(r.height)
    }

    public mutating func rect(_ r: NormalizedRectLowerLeft) {
        f32(r.x); f32(r.y); f32(r.width); f32(r.height)
    }
}

extension ByteReader {
    public mutating func vector() -> Vector3 { Vector3(pitch: f32(), yaw: f32(), roll: f32()) }

    public mutating func upperLeftRect() -> NormalizedRectUpperLeft {
        NormalizedRectUpperLeft(x: f32(), y: f32(), width: f32(), height: f32())
    }

    public mutating func lowerLeftRect() -> NormalizedRectLowerLeft {
        NormalizedRectLowerLeft(x: f32(), y: f32(), width: f32(), height: f32())
    }
}
