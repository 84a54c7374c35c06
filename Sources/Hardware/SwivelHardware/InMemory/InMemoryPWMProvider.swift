/// PWM chips in memory, for tests and the simulated stand. Accepts and
/// rejects writes like sysfs does (duty above the period, enabling with no
/// period), logs every accepted write with its instant in a bounded ring, and
/// hands it to the observers (the servo model).
///
/// Not Sendable: confined to one thread, like `InMemoryGPIOChip`.
public final class InMemoryPWMProvider: PWMProvider {
    public let chipCount: Int
    public let channelsPerChip: Int
    public let clock: any MonotonicClock

    private var states: [PWMChannelState]
    private var held: [Bool]
    private var log: BoundedLog<PWMWrite>
    private var observers: [(PWMWrite) -> Void] = []
    /// Writes sysfs would have refused with EINVAL; they change nothing.
    public private(set) var rejectedWrites: UInt64 = 0

    public init(clock: any MonotonicClock, chipCount: Int = 1, channelsPerChip: Int = 2, writeLogCapacity: Int = 4_096) throws(HardwareError) {
        guard chipCount > 0, channelsPerChip > 0 else {
            throw HardwareError(.invalidConfiguration, "a mock PWM provider needs at least one chip and one channel, got \(chipCount) × \(channelsPerChip)")
        }
        guard writeLogCapacity >= 0 else {
            throw HardwareError(.invalidConfiguration, "mock PWM write log capacity \(writeLogCapacity) is negative")
        }
        self.clock = clock
        self.chipCount = chipCount
        self.channelsPerChip = channelsPerChip
        states = Array(repeating: PWMChannelState(), count: chipCount * channelsPerChip)
        held = Array(repeating: false, count: chipCount * channelsPerChip)
        log = BoundedLog(capacity: writeLogCapacity)
    }

    public func channel(chip: Int, channel: Int) throws(HardwareError) -> any PWMChannel {
        guard chip >= 0, chip < chipCount else {
            throw HardwareError(.chipNotFound, "no PWM chip \(chip): the mock has pwmchip0...pwmchip\(chipCount - 1)")
        }
        guard channel >= 0, channel < channelsPerChip else {
            throw HardwareError(.lineOutOfRange, "pwmchip\(chip) has channels 0...\(channelsPerChip - 1), not \(channel)")
        }
        let index = chip * channelsPerChip + channel
        guard !held[index] else {
            throw HardwareError(.lineBusy, "pwmchip\(chip) channel \(channel) is already in use")
        }
        held[index] = true
        return InMemoryPWMChannel(provider: self, chip: chip, channel: channel, index: index)
    }

    /// `body` runs on every accepted write, in write order.
    public func addObserver(_ body: @escaping (PWMWrite) -> Void) {
        observers.append(body)
    }

    /// What the channel outputs after its latest accepted write, or nil if there is no such channel.
    public func state(chip: Int, channel: Int) -> PWMChannelState? {
        guard chip >= 0, chip < chipCount, channel >= 0, channel < channelsPerChip else { return nil }
        return states[chip * channelsPerChip + channel]
    }

    /// Accepted writes to one channel, oldest first. Allocates: for tests.
    public func writes(chip: Int, channel: Int) -> [PWMWrite] {
        log.elements().filter { $0.chip == chip && $0.channel == channel }
    }

    /// Writes the log had to forget because it was full.
    public var overflowedWrites: UInt64 { log.overflowed }

    // MARK: Channel side

    func configure(index: Int, chip: Int, channel: Int, periodNanoseconds: Int64) throws(HardwareError) {
        guard periodNanoseconds > 0 else {
            rejectedWrites &+= 1
            throw HardwareError(.invalidConfiguration, "pwmchip\(chip) channel \(channel): period must be positive, got \(periodNanoseconds) ns")
        }
        guard periodNanoseconds >= states[index].dutyCycleNanoseconds else {
            rejectedWrites &+= 1
            throw HardwareError(.invalidConfiguration, "pwmchip\(chip) channel \(channel): period \(periodNanoseconds) ns is shorter than the duty cycle \(states[index].dutyCycleNanoseconds) ns")
        }
        states[index].periodNanoseconds = periodNanoseconds
        record(PWMWrite(chip: chip, channel: channel, change: .periodNanoseconds(periodNanoseconds), instant: clock.now()))
    }

    func setDutyCycle(index: Int, chip: Int, channel: Int, nanoseconds: Int64, at instant: MonotonicInstant) {
        guard nanoseconds >= 0, nanoseconds <= states[index].periodNanoseconds else {
            rejectedWrites &+= 1
            return
        }
        states[index].dutyCycleNanoseconds = nanoseconds
        record(PWMWrite(chip: chip, channel: channel, change: .dutyCycleNanoseconds(nanoseconds), instant: instant))
    }

    func setEnabled(index: Int, chip: Int, channel: Int, enabled: Bool, at instant: MonotonicInstant) {
        guard !enabled || states[index].periodNanoseconds > 0 else {
            rejectedWrites &+= 1
            return
        }
        states[index].enabled = enabled
        record(PWMWrite(chip: chip, channel: channel, change: .enabled(enabled), instant: instant))
    }

    func release(index: Int) { held[index] = false }

    private func record(_ write: PWMWrite) {
        log.append(write)
        for observer in observers { observer(write) }
    }
}

/// One channel of a `InMemoryPWMProvider`; dropping it frees the channel.
public final class InMemoryPWMChannel: PWMChannel {
    private let provider: InMemoryPWMProvider
    public let chip: Int
    public let channel: Int
    private let index: Int

    init(provider: InMemoryPWMProvider, chip: Int, channel: Int, index: Int) {
        self.provider = provider
        self.chip = chip
        self.channel = channel
        self.index = index
    }

    public func configure(periodNanoseconds: Int64) throws(HardwareError) {
        try provider.configure(index: index, chip: chip, channel: channel, periodNanoseconds: periodNanoseconds)
    }

    public func setDutyCycle(nanoseconds: Int64, at instant: MonotonicInstant) {
        provider.setDutyCycle(index: index, chip: chip, channel: channel, nanoseconds: nanoseconds, at: instant)
    }

    public func setEnabled(_ enabled: Bool, at instant: MonotonicInstant) {
        provider.setEnabled(index: index, chip: chip, channel: channel, enabled: enabled, at: instant)
    }

    deinit { provider.release(index: index) }
}

/// One accepted write to a mock PWM channel.
public struct PWMWrite: Equatable, Sendable {
    public enum Change: Equatable, Sendable {
        case periodNanoseconds(Int64)
        case dutyCycleNanoseconds(Int64)
        case enabled(Bool)
    }

    public var chip: Int
    public var channel: Int
    public var change: Change
    /// When the change takes effect (`configure` has no instant: the clock's reading then).
    public var instant: MonotonicInstant

    public init(chip: Int, channel: Int, change: Change, instant: MonotonicInstant) {
        self.chip = chip
        self.channel = channel
        self.change = change
        self.instant = instant
    }
}

/// What a mock PWM channel currently outputs.
public struct PWMChannelState: Equatable, Sendable {
    public var periodNanoseconds: Int64 = 0
    public var dutyCycleNanoseconds: Int64 = 0
    public var enabled = false

    public init(periodNanoseconds: Int64 = 0, dutyCycleNanoseconds: Int64 = 0, enabled: Bool = false) {
        self.periodNanoseconds = periodNanoseconds
        self.dutyCycleNanoseconds = dutyCycleNanoseconds
        self.enabled = enabled
    }
}
