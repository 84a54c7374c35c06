extension CameraGeometry {
    /// Whether intrinsics can be used: 9 finite numbers of the form
    /// [fx s cx; 0 fy cy; 0 0 1] with fx, fy > 0, and a finite, positive
    /// reference size. Checking the zeros and the 1 also catches a matrix sent
    /// column-major by mistake (its cx and cy would land in the bottom row).
    public static func isUsable(_ intrinsics: CameraInformation.Intrinsics) -> Bool {
        Pinhole(intrinsics) != nil
    }

    /// Validated intrinsics, in pixels of the buffer (rows grow downward).
    struct Pinhole {
        let fx: Double, fy: Double, skew: Double, cx: Double, cy: Double
        let width: Double, height: Double

        // Exact zeros and one come through the wire's f32 unchanged; the slack
        // only forgives a host that computed them.
        private static let formTolerance = 1e-6

        init?(_ intrinsics: CameraInformation.Intrinsics) {
            let m = intrinsics.matrix
            guard m.count == 9, m.allSatisfy(\.isFinite) else { return nil }
            guard m[0] > 0, m[4] > 0 else { return nil }
            let t = Self.formTolerance
            guard abs(m[3]) <= t, abs(m[6]) <= t, abs(m[7]) <= t, abs(m[8] - 1) <= t else { return nil }
            let w = intrinsics.referenceWidth, h = intrinsics.referenceHeight
            guard w.isFinite, h.isFinite, w > 0, h > 0 else { return nil }
            (fx, skew, cx, fy, cy, width, height) = (m[0], m[1], m[2], m[4], m[5], w, h)
        }

        /// The tangents (right +, up +) of the ray through a buffer point.
        /// Pixel x = fx·X + s·Y + cx and y = fy·Y + cy, with (X, Y) the ray's
        /// tangents in pixel directions (Y down): solve for Y first.
        func tangents(ofBuffer p: NormalizedPointLowerLeft) -> (x: Double, y: Double) {
            let pixelX = p.x * width
            let pixelY = (1 - p.y) * height
            let down = (pixelY - cy) / fy
            let right = (pixelX - cx - skew * down) / fx
            return (right, -down)
        }

        /// The buffer point whose ray has these tangents (right +, up +).
        func bufferPoint(tangentX right: Double, tangentY up: Double) -> NormalizedPointLowerLeft {
            let down = -up
            let pixelX = fx * right + skew * down + cx
            let pixelY = fy * down + cy
            return NormalizedPointLowerLeft(x: pixelX / width, y: 1 - pixelY / height)
        }
    }
}
