/// Whatever measures an axis's position: a quadrature encoder read from edge
/// events, or an absolute magnetic sensor. The stand's tick calls `update`
/// once per period on the loop thread, so `update` must not block, allocate
/// or do slow I/O; a sensor that needs a bus transaction reads on its own
/// thread and `update` only picks up the newest reading.
public protocol PositionEncoder: AnyObject {
    /// Brings `positionRadians` up to date. Real-time path.
    func update()
    var positionRadians: Double { get }
    /// Readings known to be wrong (quadrature: illegal A/B transitions).
    var invalidReadings: UInt64 { get }
    /// Readings known to be lost (quadrature: edges the event FIFO dropped).
    var lostReadings: UInt64 { get }
    /// Declares the current reading to be `radians` (homing); a non-finite
    /// value is refused and the previous origin kept.
    func rebase(toRadians radians: Double) throws(MotionInputError)
}

extension QuadratureEncoder: PositionEncoder {
    public var invalidReadings: UInt64 { illegalTransitions }
    public var lostReadings: UInt64 { droppedEvents }
}
