import Synchronization
import SwivelSync

/// An AS5600 as a register map in memory: set the angle and the STATUS bits,
/// inject bus errors. Thread-safe (atomics), since the driver reads it from
/// its reader thread while a test or the simulator moves the magnet.
public final class InMemoryAS5600: I2CRegisterDevice, Sendable {
    private let rawAngle: Atomic<UInt16>
    private let statusBits: Atomic<UInt8>
    private let pendingFailures = Atomic<Int>(0)
    private let failure = PIMutex<I2CError?>(nil)
    private let reads = Atomic<UInt64>(0)

    public init(rawAngle: UInt16 = 0, status: AS5600Status = .magnetDetected) {
        self.rawAngle = Atomic(rawAngle & 0x0FFF)
        statusBits = Atomic(status.rawValue)
    }

    /// RAW ANGLE in counts; only the low 12 bits are kept, as in the chip.
    public func setRawAngle(_ counts: UInt16) { rawAngle.store(counts & 0x0FFF, ordering: .relaxed) }

    /// The magnet's angle in radians, any number of turns; stored as the
    /// nearest of the 4096 counts of one turn.
    public func setShaftAngle(radians: Double) {
        guard radians.isFinite else { return }
        let turns = radians / (2 * Double.pi)
        let fraction = turns - turns.rounded(.down)
        let counts = Int64((fraction * Double(AS5600Register.countsPerTurn)).rounded()) % AS5600Register.countsPerTurn
        rawAngle.store(UInt16(counts), ordering: .relaxed)
    }

    public var rawAngleCounts: UInt16 { rawAngle.load(ordering: .relaxed) }

    public func setStatus(_ status: AS5600Status) { statusBits.store(status.rawValue, ordering: .relaxed) }

    /// The next `count` reads throw `error` without touching the buffer.
    public func failNextReads(_ count: Int, with error: I2CError) {
        failure.withLock { $0 = error }
        pendingFailures.store(max(0, count), ordering: .releasing)
    }

    /// Transfers attempted, failed ones included.
    public var readCount: UInt64 { reads.load(ordering: .relaxed) }

    public func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        reads.add(1, ordering: .relaxed)
        if pendingFailures.load(ordering: .acquiring) > 0 {
            let (failed, _) = pendingFailures.subtract(1, ordering: .acquiringAndReleasing)
            if failed >= 0, let error = failure.withLock({ $0 }) { throw error }
        }
        guard !buffer.isEmpty else {
            throw I2CError(.invalidRequest, "a read of 0 bytes from register 0x\(String(register, radix: 16))")
        }
        // One snapshot per transfer: the chip latches the angle for the read.
        let raw = rawAngle.load(ordering: .relaxed)
        let status = statusBits.load(ordering: .relaxed)
        var address = Int(register)
        // The chip does not auto-increment past the low byte of a pair it was
        // addressed at the high byte of: it re-reads the same pair.
        let pinnedPair = [AS5600Register.rawAngleHigh, AS5600Register.angleHigh, AS5600Register.magnitudeHigh]
            .contains(register)
        for index in 0..<buffer.count {
            buffer[index] = Self.value(at: address, rawAngle: raw, status: status)
            if pinnedPair, address == Int(register) + 1 { address = Int(register) } else { address = (address + 1) & 0xFF }
        }
    }

    private static func value(at address: Int, rawAngle: UInt16, status: UInt8) -> UInt8 {
        switch address {
        case Int(AS5600Register.status): status
        case Int(AS5600Register.rawAngleHigh), Int(AS5600Register.angleHigh): UInt8(rawAngle >> 8)
        case Int(AS5600Register.rawAngleLow), Int(AS5600Register.angleLow): UInt8(rawAngle & 0xFF)
        // A mid-range field strength, like a magnet at the recommended distance.
        case Int(AS5600Register.magnitudeHigh): 0x06
        case Int(AS5600Register.magnitudeLow): 0x00
        default: 0
        }
    }
}
