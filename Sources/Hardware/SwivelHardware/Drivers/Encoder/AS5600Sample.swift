/// What one read of the AS5600 gave.
public enum AS5600Sample: Equatable, Sendable {
    /// A usable angle (0 ..< 4096 counts per sensor turn); the turn count moved on.
    case angle(rawCounts: UInt16, status: AS5600Status)
    /// The bus worked but the magnet did not: counted in `invalidReadings`.
    case magnetFault(AS5600Status)
    /// The transfer failed: counted in `lostReadings`.
    case busFailure(I2CError)
    /// `sampleOnce()` while the reader thread runs: only that thread touches the bus.
    case readerThreadOwnsTheBus
}
