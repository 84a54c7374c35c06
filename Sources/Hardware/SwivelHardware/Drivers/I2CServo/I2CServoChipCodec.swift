import Synchronization

/// What an I2C servo controller chip (a PCA9685, the Pan-Tilt HAT's
/// microcontroller) needs from the writer that drives it: its set-up and the
/// writes that move its channels. Pure: `I2CServoBus` sends what it returns.
public protocol I2CServoChipCodec: Sendable {
    /// Written once, before the first channel write (a pause is slept on the writer's side).
    var setupSequence: [I2CSequenceStep] { get }
    /// The writes that take the chip's `channels` from `sent` to `wanted`
    /// pulses (0: the channel off, the servo limp; `I2CServoSlot.unknownPulse`
    /// in `sent`: never written, so written whatever `wanted` is), in the
    /// order they must go out.
    func writes(channels: [Int], sent: [Int64], wanted: [Int64]) throws(HardwareError) -> [I2CRegisterWrite]
}

/// One channel of an I2C servo chip as the tick and the writer share it:
/// the tick stores the pulse it wants, the writer sends it and stores a
/// failure. Atomics only, so the tick never waits on the bus.
public final class I2CServoSlot: Sendable {
    /// In a chip's `sent`: nothing written yet.
    public static let unknownPulse: Int64 = -1

    public let channel: Int
    /// The pulse the tick wants, ns; 0 is off.
    let wantedPulse = Atomic<Int64>(0)
    /// 0 while the bus works; else a `BusFailureCause` code and the count of failures in a row.
    let failureCode = Atomic<Int>(0)
    let consecutiveFailures = Atomic<Int>(0)

    init(channel: Int) { self.channel = channel }

    public var wantedPulseNanoseconds: Int64 { wantedPulse.load(ordering: .acquiring) }

    /// The fault the writer latched, nil while the bus works.
    public var busFailure: MotorProblem? {
        let code = failureCode.load(ordering: .acquiring)
        guard code != 0 else { return nil }
        let cause: BusFailureCause = switch code {
        case 1: .noAnswer
        case 2: .transferFailed
        default: .refused
        }
        return .busTransfersFailed(consecutive: consecutiveFailures.load(ordering: .relaxed), cause: cause)
    }

    static func code(_ kind: I2CErrorKind) -> Int {
        switch kind {
        case .noAnswer, .noSuchBus: 1
        case .transferFailed: 2
        default: 3
        }
    }
}
