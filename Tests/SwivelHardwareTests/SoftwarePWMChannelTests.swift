#if canImport(Glibc)
import Glibc
#endif
import SwivelHardware
import SwivelTestSupport
import Testing

/// The PWM thread runs on the real clock, so these assert the structure of
/// the signal and averages with wide tolerances, never how fast anything was.
@Suite struct SoftwarePWMChannelTests {
    static let line = 5

    /// Runs a channel on a mock line for `seconds`, then joins its thread and
    /// returns the line's transitions (the initial low included) and the pulse count.
    static func run(period: Int64, duty: Int64?, enabled: Bool, seconds: Double) throws -> ([LineTransition], UInt64, UInt64) {
        let clock = SystemMonotonicClock()
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 8, clock: clock)
        var pulses: UInt64 = 0
        var rejected: UInt64 = 0
        do {
            let output = try chip.requestOutput(line: line, initialHigh: false, consumer: "servo")
            let channel = try SoftwarePWMChannel(output: output, clock: clock)
            try channel.configure(periodNanoseconds: period)
            if let duty { channel.setDutyCycle(nanoseconds: duty, at: clock.now()) }
            channel.setEnabled(enabled, at: clock.now())
            usleep(UInt32(seconds * 1e6))
            channel.setEnabled(false, at: clock.now())
            // Joined: a pulse that was under way when disabled has ended and is counted.
            channel.stop()
            pulses = channel.pulses
            rejected = channel.rejectedWrites
        }
        return (chip.transitions(onLine: line), pulses, rejected)
    }

    @Test func pulseWidthAndPeriodComeOutAsCommanded() throws {
        let period: Int64 = 5_000_000
        let duty: Int64 = 1_500_000
        let (log, pulses, _) = try Self.run(period: period, duty: duty, enabled: true, seconds: 0.3)
        // Structure: initial low, then strictly alternating high/low, ending low.
        #expect(log.first?.high == false)
        for (index, transition) in log.enumerated() {
            #expect(transition.high == (index % 2 == 1), "transition \(index) is \(transition)")
        }
        #expect(log.last?.high == false)
        let rises = log.filter(\.high)
        #expect(UInt64(rises.count) == pulses)
        try #require(rises.count >= 3, "the PWM thread ran at least a few periods in 0.3 s")

        var highTimes: [Int64] = []
        for index in stride(from: 1, to: log.count - 1, by: 2) {
            highTimes.append(log[index + 1].instant.nanoseconds(since: log[index].instant))
        }
        // Medians: a servo follows the typical pulse, and one wake-up that a
        // loaded machine delays by 10 ms must not decide the figure.
        let medianHigh = Double(highTimes.sorted()[highTimes.count / 2])
        #expect(abs(medianHigh - Double(duty)) < 0.2 * Double(duty), "median high time \(medianHigh) ns for \(duty) ns")

        // Period between rising edges, excluding the gaps where the thread skipped periods.
        let gaps = zip(rises.dropFirst(), rises).map { $0.instant.nanoseconds(since: $1.instant) }
        let regular = gaps.filter { $0 < period * 3 / 2 }
        try #require(!regular.isEmpty)
        let medianPeriod = Double(regular.sorted()[regular.count / 2])
        #expect(abs(medianPeriod - Double(period)) < 0.2 * Double(period), "median period \(medianPeriod) ns for \(period) ns")
    }

    /// A line whose rising write returns late (a slow ioctl, the thread
    /// preempted in it): the edge happens when the write begins.
    final class SlowRisingOutput: DigitalOutput {
        let inner: any DigitalOutput
        let clock: SystemMonotonicClock
        let riseDelayMicroseconds: UInt32
        init(_ inner: any DigitalOutput, clock: SystemMonotonicClock, riseDelayMicroseconds: UInt32) {
            self.inner = inner
            self.clock = clock
            self.riseDelayMicroseconds = riseDelayMicroseconds
        }
        func set(_ high: Bool, at instant: MonotonicInstant) {
            inner.set(high, at: instant)
            if high { usleep(riseDelayMicroseconds) }
        }
    }

    /// Neither a late wake-up nor a slow rising write may shorten the pulse: a
    /// squeezed pulse swings a servo towards its minimum. Every pulse is at
    /// least the duty cycle (a lower bound: it holds on any machine; timed
    /// from the period's start, a pulse lost its wake-up's lateness).
    @Test func aLateRisingEdgeNeverSqueezesThePulse() throws {
        let clock = SystemMonotonicClock()
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 8, clock: clock)
        let duty: Int64 = 1_500_000
        do {
            let line = try chip.requestOutput(line: Self.line, initialHigh: false, consumer: "servo")
            let output = SlowRisingOutput(line, clock: clock, riseDelayMicroseconds: 1_000)
            let channel = try SoftwarePWMChannel(output: output, clock: clock)
            try channel.configure(periodNanoseconds: 5_000_000)
            channel.setDutyCycle(nanoseconds: duty, at: clock.now())
            channel.setEnabled(true, at: clock.now())
            usleep(100_000)
            channel.setEnabled(false, at: clock.now())
            channel.stop()
        }
        let log = chip.transitions(onLine: Self.line)
        var widths: [Int64] = []
        for index in stride(from: 1, to: log.count - 1, by: 2) where log[index].high && !log[index + 1].high {
            widths.append(log[index + 1].instant.nanoseconds(since: log[index].instant))
        }
        try #require(widths.count >= 3, "the PWM thread ran a few periods in 0.1 s")
        #expect(widths.allSatisfy { $0 >= duty }, "pulse widths \(widths) ns, each must be at least \(duty)")
    }

    @Test func noPulsesWhileDisabledOrAtZeroDuty() throws {
        let (disabledLog, disabledPulses, _) = try Self.run(period: 2_000_000, duty: 1_000_000, enabled: false, seconds: 0.05)
        #expect(disabledPulses == 0)
        #expect(disabledLog.filter(\.high).isEmpty)
        let (zeroLog, zeroPulses, _) = try Self.run(period: 2_000_000, duty: nil, enabled: true, seconds: 0.05)
        #expect(zeroPulses == 0)
        #expect(zeroLog.filter(\.high).isEmpty)
    }

    @Test func refusesBadPeriodsAndDutyCycles() throws {
        let clock = SystemMonotonicClock()
        let chip = try InMemoryGPIOChip(label: "mock", lineCount: 8, clock: clock)
        let channel = try SoftwarePWMChannel(
            output: try chip.requestOutput(line: 1, initialHigh: false, consumer: "servo"), clock: clock)
        #expect(throws: HardwareError.self) { try channel.configure(periodNanoseconds: 0) }
        #expect(throws: HardwareError.self) { try channel.configure(periodNanoseconds: 2_000_000_000) }
        try channel.configure(periodNanoseconds: 20_000_000)
        channel.setDutyCycle(nanoseconds: 25_000_000, at: clock.now())
        channel.setDutyCycle(nanoseconds: -1, at: clock.now())
        #expect(channel.rejectedWrites == 2)
    }
}
