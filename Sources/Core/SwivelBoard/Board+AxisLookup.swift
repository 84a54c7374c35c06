public import SwivelVocabulary

// One way to walk a board's axes: by the vocabulary's `Axis`, in its fixed
// order, instead of each caller listing ("pitch", axes.pitch)… in its own order.
extension Board.Axes {
    /// The board's axis in that slot, nil when the board has none there.
    public subscript(axis: SwivelVocabulary.Axis) -> Board.Axis? {
        switch axis {
        case .pitch: pitch
        case .yaw: yaw
        case .roll: roll
        }
    }

    /// The axes the board has, with their slots, in `Axis.allCases` order.
    public var present: [(axis: SwivelVocabulary.Axis, settings: Board.Axis)] {
        SwivelVocabulary.Axis.allCases.compactMap { axis in self[axis].map { (axis, $0) } }
    }
}
