import Synchronization
import SwivelPOSIX

/// A servo signal toggled on a plain GPIO output from a thread that sleeps to
/// absolute deadlines: the fallback for a board with no free hardware PWM.
///
/// It twitches. An edge can land late by the thread's wake-up latency (the
/// thread wakes early by a learned lead and spins the rest, which takes most
/// of that out while the machine is quiet, not under load), and a hobby servo
/// turns about 0.18° per microsecond of pulse: tens of µs of jitter on a
/// loaded Pi is several degrees of horn flutter. Use hardware PWM
/// (sysfs) where the board has it.
///
/// The output line belongs to the thread from `init` until `deinit` joins it.
/// `configure`, `setDutyCycle` and `setEnabled` only store atomics, so the
/// tick may call them. A pulse once begun always ends at its full width or
/// later, never earlier, however late its rising edge was, and changes take
/// effect at the next period.
public final class SoftwarePWMChannel: PWMChannel {
    private let core: SoftwarePWMCore
    private var thread: POSIXThread?

    public init(output: any DigitalOutput, clock: SystemMonotonicClock = SystemMonotonicClock()) throws(HardwareError) {
        let core = SoftwarePWMCore(output: output, clock: clock)
        self.core = core
        thread = try POSIXThread.start("swivel-pwm") { core.run() }
    }

    deinit { stop() }

    /// Stops the thread once its pulse in progress has ended, and joins it:
    /// the line is the caller's again and `pulses` is final. Idempotent.
    public func stop() {
        core.stopRequested.store(true, ordering: .releasing)
        thread?.join()
        thread = nil
    }

    /// Periods from 100 µs to 1 s; a servo wants 20 ms (50 Hz).
    public func configure(periodNanoseconds: Int64) throws(HardwareError) {
        guard (100_000...1_000_000_000).contains(periodNanoseconds) else {
            throw HardwareError(.invalidConfiguration, "software PWM period must be 100 µs to 1 s, got \(periodNanoseconds) ns")
        }
        core.periodNanoseconds.store(periodNanoseconds, ordering: .releasing)
    }

    /// A duty cycle outside 0...period is refused (counted), as sysfs refuses it.
    public func setDutyCycle(nanoseconds: Int64, at instant: MonotonicInstant) {
        guard nanoseconds >= 0, nanoseconds <= core.periodNanoseconds.load(ordering: .relaxed) else {
            core.rejectedWrites.add(1, ordering: .relaxed)
            return
        }
        core.dutyNanoseconds.store(nanoseconds, ordering: .releasing)
    }

    public func setEnabled(_ enabled: Bool, at instant: MonotonicInstant) {
        core.enabled.store(enabled, ordering: .releasing)
    }

    /// Pulses emitted so far.
    public var pulses: UInt64 { core.pulses.load(ordering: .acquiring) }
    /// Periods the thread woke too late for and skipped.
    public var skippedPeriods: UInt64 { core.skippedPeriods.load(ordering: .relaxed) }
    /// Duty cycles refused (negative or longer than the period).
    public var rejectedWrites: UInt64 { core.rejectedWrites.load(ordering: .relaxed) }
}

/// What the PWM thread shares with its channel.
final class SoftwarePWMCore: @unchecked Sendable {
    /// Touched only by the PWM thread.
    private let output: any DigitalOutput
    private let clock: SystemMonotonicClock
    let periodNanoseconds = Atomic<Int64>(0)
    let dutyNanoseconds = Atomic<Int64>(0)
    let enabled = Atomic<Bool>(false)
    let stopRequested = Atomic<Bool>(false)
    let pulses = Atomic<UInt64>(0)
    let skippedPeriods = Atomic<UInt64>(0)
    let rejectedWrites = Atomic<UInt64>(0)

    /// While unconfigured the thread checks back this often.
    private static let idlePollNanoseconds: Int64 = 1_000_000

    init(output: any DigitalOutput, clock: SystemMonotonicClock) {
        self.output = output
        self.clock = clock
    }

    /// How early the thread wakes before an edge, to spin the rest of the
    /// way: learned from how late its wake-ups come (a Pi: tens of µs; an
    /// emulated CPU: a millisecond). Touched only by the PWM thread.
    private var leadNanoseconds: Int64 = SoftwarePWMCore.minimumLeadNanoseconds
    static let minimumLeadNanoseconds: Int64 = 20_000
    static let maximumLeadNanoseconds: Int64 = 2_000_000

    /// Sleeps to `lead` before `deadline`, then spins to it, so an edge is
    /// as late as the clock read, not as late as the scheduler's wake-up.
    /// The lead follows 1.5 × the wake-ups' smoothed lateness: the spin costs
    /// about half the lead, twice a frame (under 1 % of a core on a Pi).
    private func wake(at deadline: MonotonicInstant) {
        let early = deadline.advanced(byNanoseconds: -leadNanoseconds)
        DeadlineSleep.until(nanoseconds: early.nanoseconds)
        let lateness = clock.now().nanoseconds(since: early)
        let target = min(max(lateness * 3 / 2, Self.minimumLeadNanoseconds), Self.maximumLeadNanoseconds)
        leadNanoseconds += (target - leadNanoseconds) / 8
        while clock.now() < deadline {}
    }

    /// SCHED_FIFO 48 where the kernel permits, the step thread's priority:
    /// one below the loop thread's 49, so a spin to an edge never delays a
    /// tick, and above every ordinary thread (the link, the buses, anything
    /// else on the board), which otherwise preempted the spin and stretched
    /// the pulses: a guest's medians were up to 490 µs long at SCHED_OTHER,
    /// within 130 µs at 48 (docs/HARDWARE.md, `70-servo`). Refused, it runs
    /// as before, less precisely.
    static let fifoPriority: Int32 = 48

    func run() {
        _ = POSIXThread.setCurrentFIFO(priority: Self.fifoPriority)
        var periodStart = clock.now()
        while !stopRequested.load(ordering: .acquiring) {
            let period = periodNanoseconds.load(ordering: .acquiring)
            guard period > 0 else {
                periodStart = clock.now().advanced(byNanoseconds: Self.idlePollNanoseconds)
                DeadlineSleep.until(nanoseconds: periodStart.nanoseconds)
                continue
            }
            // A released servo's frames need no precise edge: sleep, don't spin.
            let pulsing = enabled.load(ordering: .acquiring) && dutyNanoseconds.load(ordering: .acquiring) > 0
            if pulsing { wake(at: periodStart) } else { DeadlineSleep.until(nanoseconds: periodStart.nanoseconds) }
            let duty = min(dutyNanoseconds.load(ordering: .acquiring), period)
            if enabled.load(ordering: .acquiring), duty > 0 {
                // The instants passed are when the edges really happened. The
                // fall is timed from when the rising write began, not from the
                // period's start: a rise that woke late would otherwise give a
                // squeezed pulse, and the servo would swing towards its minimum
                // (a guest on an emulated CPU saw 431 µs for 2137). From when
                // it began, not returned: both writes take as long to reach the
                // line, so the line's pulse is the duty (timed from the return,
                // the guest's pulses were a write's 250 µs too long). Both
                // edges wake early and spin, so neither is late by the
                // scheduler's wake-up (which stretched pulses by 700 µs there).
                let rising = clock.now()
                output.set(true, at: rising)
                wake(at: rising.advanced(byNanoseconds: duty))
                output.set(false, at: clock.now())
                pulses.add(1, ordering: .releasing)
            }
            periodStart = periodStart.advanced(byNanoseconds: period)
            let now = clock.now()
            if now > periodStart {
                // Woke too late for this period: start the next one ahead
                // rather than emit pulses back to back.
                let behind = now.nanoseconds(since: periodStart) / period + 1
                skippedPeriods.add(UInt64(behind), ordering: .relaxed)
                periodStart = periodStart.advanced(byNanoseconds: behind * period)
            }
        }
    }
}
