import Synchronization
import SwivelPOSIX

/// The writer of every I2C servo channel on one I2C bus: one thread per bus,
/// so the tick never makes a transfer. At the servo rate it sends, chip by
/// chip, the writes that bring each channel to the pulse its slot holds,
/// only where it changed (the chips hold their outputs). On a bus whose
/// transfers are memory (the simulated stand in virtual time) there is no
/// thread: `flushInline` sends at once from the tick, deterministically.
///
/// `failuresToFault` transfers in a row failing on a chip latch a
/// `MotorProblem.busTransfersFailed` on each of its slots.
public final class I2CServoBus: @unchecked Sendable {
    final class Chip {
        let device: any I2CWritableDevice
        let address: UInt8
        let codec: any I2CServoChipCodec
        var slots: [I2CServoSlot] = []
        var sent: [Int64] = []
        var failuresInARow = 0

        init(device: any I2CWritableDevice, address: UInt8, codec: any I2CServoChipCodec) {
            self.device = device
            self.address = address
            self.codec = codec
        }
    }

    public let name: String
    public let inline: Bool
    public let failuresToFault: Int
    private var chips: [Chip] = []
    private var periodNanoseconds: Int64 = 20_000_000
    private var thread: POSIXThread?
    private let stopRequested = Atomic<Bool>(false)
    private let sentWrites = Atomic<UInt64>(0)

    /// Writes sent so far.
    public var writesSent: UInt64 { sentWrites.load(ordering: .relaxed) }

    /// - Parameter inline: transfers are memory: write from the caller (the tick), no thread.
    public init(name: String, inline: Bool, failuresToFault: Int = 3) {
        self.name = name
        self.inline = inline
        self.failuresToFault = failuresToFault
    }

    /// A channel on the chip at `address` (one chip per address; its codec is
    /// the first caller's). Before `start`.
    public func addChannel(_ channel: Int, address: UInt8, device: any I2CWritableDevice,
                           codec: any I2CServoChipCodec, ratePeriodNanoseconds: Int64) -> I2CServoSlot {
        let chip: Chip
        if let existing = chips.first(where: { $0.address == address }) {
            chip = existing
        } else {
            chip = Chip(device: device, address: address, codec: codec)
            chips.append(chip)
        }
        let slot = I2CServoSlot(channel: channel)
        chip.slots.append(slot)
        chip.sent.append(I2CServoSlot.unknownPulse)
        periodNanoseconds = min(periodNanoseconds, max(ratePeriodNanoseconds, 1_000_000))
        return slot
    }

    /// Sets every chip up and turns its channels off, then starts the thread.
    /// A chip that does not take its set-up stops setup with the reason.
    public func start() throws(HardwareError) {
        for chip in chips {
            do throws(I2CError) {
                for step in chip.codec.setupSequence {
                    switch step {
                    case .write(let write): try chip.device.write(write)
                    case .pause(let microseconds):
                        // Memory needs no settling; a real chip does (the PCA9685's oscillator).
                        if !inline { DeadlineSleep.until(nanoseconds: MonotonicTime.nanoseconds() + Int64(microseconds) * 1_000) }
                    }
                }
                try send(chip)
            } catch {
                throw HardwareError(.ioFailure, "setting up the servo controller at address \(Self.hex(chip.address)) on \(name): \(error.reason)")
            }
        }
        guard !inline else { return }
        let period = periodNanoseconds
        thread = try POSIXThread.start("swivel-i2c-servo") { [self] in run(periodNanoseconds: period) }
    }

    /// The tick's side on an inline bus: send what changed now. Does nothing with a thread.
    public func flushInline() {
        guard inline else { return }
        flush()
    }

    /// One pass over every chip: what the thread does each frame.
    public func flush() {
        for chip in chips {
            do throws(I2CError) {
                try send(chip)
                if chip.failuresInARow > 0 {
                    chip.failuresInARow = 0
                }
            } catch {
                chip.failuresInARow += 1
                if chip.failuresInARow >= failuresToFault {
                    for slot in chip.slots {
                        slot.consecutiveFailures.store(chip.failuresInARow, ordering: .relaxed)
                        slot.failureCode.store(I2CServoSlot.code(error.kind), ordering: .releasing)
                    }
                }
            }
        }
    }

    /// The writes that bring `chip` to its slots' pulses; `sent` moves only once they all went.
    private func send(_ chip: Chip) throws(I2CError) {
        var wanted = chip.sent
        for (index, slot) in chip.slots.enumerated() { wanted[index] = slot.wantedPulse.load(ordering: .acquiring) }
        guard wanted != chip.sent else { return }
        let writes: [I2CRegisterWrite]
        do {
            writes = try chip.codec.writes(channels: chip.slots.map(\.channel), sent: chip.sent, wanted: wanted)
        } catch {
            throw I2CError(.invalidRequest, error.reason)
        }
        for write in writes {
            try chip.device.write(write)
            sentWrites.add(1, ordering: .relaxed)
        }
        chip.sent = wanted
    }

    private func run(periodNanoseconds: Int64) {
        var deadline = MonotonicTime.nanoseconds()
        while !stopRequested.load(ordering: .acquiring) {
            flush()
            deadline += periodNanoseconds
            let now = MonotonicTime.nanoseconds()
            if now > deadline { deadline = now }
            DeadlineSleep.until(nanoseconds: deadline)
        }
    }

    /// After the drivers are disabled: the thread ends, then a last pass sends
    /// what they asked (every channel off), so the servos go limp.
    public func stop() {
        stopRequested.store(true, ordering: .releasing)
        thread?.join()
        thread = nil
        flush()
    }

    static func hex(_ value: UInt8) -> String {
        let digits = String(value, radix: 16)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }
}
