import SwivelPOSIX

/// An AS5600 12-bit magnetic angle sensor on I2C, as an axis encoder.
///
/// A bus transfer takes hundreds of microseconds, too long and too variable
/// for the tick, so on hardware a reader thread samples at its own rate and
/// publishes the unwrapped count through an atomic; `update()` only picks it
/// up. A memory-backed device (the simulator) is sampled inside `update()`
/// instead, which keeps virtual time deterministic.
///
/// Axis angle = `originRadians` + sign × (counts − `originCounts`) / countsPerAxisRadian,
/// with countsPerAxisRadian = 4096 × gearRatio / 2π. At start the origin is
/// counts 0 ↔ −zeroOffsetRadians, and the first reading is placed on the
/// sensor turn nearest the axis zero (with gearRatio 1: an angle in [−π, π)).
public final class AS5600Encoder: PositionEncoder {
    public let gearRatio: Double
    public let invert: Bool
    public let zeroOffsetRadians: Double
    public let samplesInsideUpdate: Bool
    public let countsPerAxisRadian: Double
    private let sampler: AS5600Sampler
    private var thread: POSIXThread?
    private var counts: Int64 = 0
    private var originCounts: Int64 = 0
    private var originRadians: Double
    public private(set) var hasReading = false

    /// - Parameters:
    ///   - gearRatio: sensor turns per axis turn (the magnet on a shaft geared up or down).
    ///   - zeroOffsetRadians: the axis angle the sensor reports when the axis is at its zero.
    ///   - samplesInsideUpdate: only for devices whose reads are memory (`I2CBusProvider.readsAreImmediate`).
    public init(device: any I2CRegisterDevice, gearRatio: Double, invert: Bool, zeroOffsetRadians: Double,
                samplesInsideUpdate: Bool = false) throws(HardwareError) {
        guard gearRatio.isFinite, gearRatio > 0 else {
            throw HardwareError(.invalidConfiguration, "AS5600 gear ratio must be positive and finite, got \(gearRatio)")
        }
        guard zeroOffsetRadians.isFinite else {
            throw HardwareError(.invalidConfiguration, "AS5600 zero offset must be finite, got \(zeroOffsetRadians)")
        }
        self.gearRatio = gearRatio
        self.invert = invert
        self.zeroOffsetRadians = zeroOffsetRadians
        self.samplesInsideUpdate = samplesInsideUpdate
        countsPerAxisRadian = Double(AS5600Register.countsPerTurn) * gearRatio / (2 * Double.pi)
        originRadians = -zeroOffsetRadians
        let sign: Double = invert ? -1 : 1
        sampler = AS5600Sampler(device: device, firstTurnNearCounts: sign * zeroOffsetRadians * countsPerAxisRadian)
    }

    deinit { stopSampling() }

    /// Reads the sensor once on the calling thread: for setup checks and
    /// deterministic tests. Refused while the reader thread runs.
    @discardableResult
    public func sampleOnce() -> AS5600Sample {
        guard thread == nil else { return .readerThreadOwnsTheBus }
        return sampler.sample()
    }

    /// Starts the reader thread, one sample every 1/`rateHz` s on CLOCK_MONOTONIC.
    public func startSampling(rateHz: Int, clock: SystemMonotonicClock = SystemMonotonicClock()) throws(HardwareError) {
        guard !samplesInsideUpdate else {
            throw HardwareError(.invalidConfiguration, "this AS5600 samples inside update(); it has no reader thread")
        }
        guard thread == nil else {
            throw HardwareError(.invalidConfiguration, "the AS5600 reader thread is already running")
        }
        guard rateHz > 0, rateHz <= 1_000_000 else {
            throw HardwareError(.invalidConfiguration, "AS5600 sample rate must be 1 Hz to 1 MHz, got \(rateHz)")
        }
        let sampler = sampler
        let period = 1_000_000_000 / Int64(rateHz)
        sampler.stopRequested.store(false, ordering: .releasing)
        thread = try POSIXThread.start("swivel-as5600") { sampler.run(periodNanoseconds: period, clock: clock) }
    }

    /// Stops and joins the reader thread; the last published count stays.
    public func stopSampling() {
        guard let thread else { return }
        sampler.stopRequested.store(true, ordering: .releasing)
        thread.join()
        self.thread = nil
    }

    public var isSampling: Bool { thread != nil }

    /// Real-time path: loads the newest published count (two atomic loads);
    /// samples first when the device is memory.
    public func update() {
        if samplesInsideUpdate { _ = sampler.sample() }
        guard sampler.goodReadings.load(ordering: .acquiring) > 0 else { return }
        counts = sampler.publishedCounts.load(ordering: .relaxed)
        hasReading = true
    }

    public var positionRadians: Double {
        let sign: Double = invert ? -1 : 1
        return originRadians + sign * Double(counts &- originCounts) / countsPerAxisRadian
    }

    /// The unwrapped sensor count `update()` last picked up.
    public var sensorCounts: Int64 { counts }
    public var invalidReadings: UInt64 { sampler.invalidReadings.load(ordering: .relaxed) }
    public var lostReadings: UInt64 { sampler.lostReadings.load(ordering: .relaxed) }
    public var goodReadings: UInt64 { sampler.goodReadings.load(ordering: .relaxed) }
    /// Reader-thread passes that started late and skipped a deadline.
    public var lateSamples: UInt64 { sampler.lateSamples.load(ordering: .relaxed) }

    public func rebase(toRadians radians: Double) throws(MotionInputError) {
        guard radians.isFinite else { throw .nonFiniteRadians }
        originCounts = counts
        originRadians = radians
    }
}
