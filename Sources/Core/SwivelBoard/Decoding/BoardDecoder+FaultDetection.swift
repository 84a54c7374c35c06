/// An axis's closed-loop checks (`faultDetection`): optional, defaults when
/// absent, and meaningful only with an encoder to check against.
extension BoardDecoder {
    /// nil when the section has a problem (reported).
    func decodeFaultDetection(_ axis: ObjectFields, encoder: Board.Encoder?, motor: Board.Motor?) -> Board.FaultDetection? {
        let defaults = Board.FaultDetection.defaults
        guard axis.has("faultDetection") else { return defaults }
        guard let section = object(axis, "faultDetection", allowed: BoardKeys.faultDetection, required: true) else {
            return nil
        }
        let ownCounts = motor?.settings.ownEncoderCountsPerAxisTurn
        if !axis.has("encoder"), ownCounts == nil {
            report(section.path, line: section.line,
                   "needs an encoder on this axis (its own, or the motor's): without one there is nothing to check the motor against")
            return nil
        }
        let following = number(section, "maxFollowingErrorRad", .faultThreshold,
                               default: defaults.maxFollowingErrorRadians)
        let silent = number(section, "silentTravelRad", .faultThreshold,
                            default: defaults.silentTravelRadians)
        guard let following, let silent else { return nil }
        // Moving less than a few counts need not change the reading at all.
        let countsPerAxisTurn: Double? =
            switch encoder {
            case .quadrature(let q)?: Double(q.countsPerRevolution)
            case .as5600(let sensor)?: 4096 * sensor.gearRatio
            case nil: ownCounts
            }
        if let counts = countsPerAxisTurn {
            let minimum = 4 * 2 * Double.pi / counts
            if silent.value < minimum {
                report(silent, "must be at least 4 encoder counts (\(ValueText.rounded(minimum)) rad at "
                    + "\(ValueText.number(counts)) counts per axis revolution), found \(ValueText.number(silent.value))")
                return nil
            }
        }
        return Board.FaultDetection(maxFollowingErrorRadians: following.value, silentTravelRadians: silent.value)
    }
}
