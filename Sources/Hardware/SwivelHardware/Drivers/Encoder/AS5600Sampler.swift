import Synchronization
import SwivelPOSIX

/// The half of an AS5600 encoder that talks to the bus: reads STATUS and RAW
/// ANGLE, unwraps turns, and publishes the newest count through atomics for
/// the loop thread. Owned by the reader thread while it runs, else by the
/// thread calling `sample()`; the atomics are the only shared state.
final class AS5600Sampler: @unchecked Sendable {
    private let device: any I2CRegisterDevice
    /// STATUS, RAW ANGLE high, RAW ANGLE low: one transfer, preallocated.
    private let buffer: UnsafeMutableRawBufferPointer
    private let firstTurnNearCounts: Double
    private var unwrapper: TurnUnwrapper?

    let publishedCounts = Atomic<Int64>(0)
    /// Usable readings so far; the count is valid once this is non-zero.
    let goodReadings = Atomic<UInt64>(0)
    let invalidReadings = Atomic<UInt64>(0)
    let lostReadings = Atomic<UInt64>(0)
    /// Reader-thread passes that woke after the next deadline had passed.
    let lateSamples = Atomic<UInt64>(0)
    let stopRequested = Atomic<Bool>(false)

    init(device: any I2CRegisterDevice, firstTurnNearCounts: Double) {
        self.device = device
        self.firstTurnNearCounts = firstTurnNearCounts
        buffer = .allocate(byteCount: 3, alignment: 1)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { buffer.deallocate() }

    func sample() -> AS5600Sample {
        do {
            // Starting at STATUS, not at the RAW ANGLE high byte: the AS5600
            // suppresses auto-increment only when a read starts on the high
            // byte of ANGLE/RAW ANGLE/MAGNITUDE, so 0x0B..0x0D is one plain
            // 3-byte read (one bus transaction instead of two).
            try device.read(register: AS5600Register.status, into: buffer)
        } catch {
            lostReadings.add(1, ordering: .relaxed)
            return .busFailure(error)
        }
        let status = AS5600Status(rawValue: buffer[0])
        guard status.isUsable else {
            invalidReadings.add(1, ordering: .relaxed)
            return .magnetFault(status)
        }
        let raw = UInt16(buffer[1] & 0x0F) << 8 | UInt16(buffer[2])
        if unwrapper == nil {
            unwrapper = TurnUnwrapper(firstReading: Int64(raw), countsPerTurn: AS5600Register.countsPerTurn,
                                      nearCounts: firstTurnNearCounts)
        } else {
            unwrapper?.apply(Int64(raw))
        }
        publishedCounts.store(unwrapper?.counts ?? 0, ordering: .relaxed)
        goodReadings.add(1, ordering: .releasing)
        return .angle(rawCounts: raw, status: status)
    }

    /// The reader thread's loop: one sample per period at absolute deadlines;
    /// a pass that ends past the next deadline skips to the next one ahead
    /// rather than sampling in a burst.
    func run(periodNanoseconds: Int64, clock: SystemMonotonicClock) {
        var deadline = clock.now()
        while !stopRequested.load(ordering: .acquiring) {
            _ = sample()
            deadline = deadline.advanced(byNanoseconds: periodNanoseconds)
            let now = clock.now()
            if now > deadline {
                lateSamples.add(1, ordering: .relaxed)
                let behind = now.nanoseconds(since: deadline) / periodNanoseconds + 1
                deadline = deadline.advanced(byNanoseconds: behind * periodNanoseconds)
            }
            DeadlineSleep.until(nanoseconds: deadline.nanoseconds)
        }
    }
}
