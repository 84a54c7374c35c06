// Beside the input ranges, not the type: "too far from unit" is one of them.
extension Quaternion {
    /// This quaternion normalised, or an error when it is not finite or is too
    /// far from unit length to be a deliberate rotation (outside
    /// `InputRanges.quaternionLength`, 1 ± 1e-3).
    public func validatedUnit() throws(SwivelError) -> Quaternion {
        guard w.isFinite, x.isFinite, y.isFinite, z.isFinite else {
            throw SwivelError.invalid(.nonFiniteValue)
        }
        let n = norm
        guard InputRanges.quaternionLength.contains(n) else { throw SwivelError.invalid(.notUnitQuaternion, value: n) }
        return Quaternion(w: w / n, x: x / n, y: y / n, z: z / n)
    }
}
