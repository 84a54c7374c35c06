/// A snapshot of the loop's health, as last published by the loop thread (every
/// ~100 ms while running, and once more when it stops).
public struct LoopStatistics: Sendable, Equatable, CustomStringConvertible {
    public var periodNanoseconds: Int64
    /// Ticks whose body ran since start (or since the last honoured reset).
    public var ticks: UInt64
    /// Ticks that ended at or after the next deadline (late wake plus body), after
    /// which the loop skipped to the first deadline still ahead.
    public var overruns: UInt64
    /// Deadlines that never got a tick because of those overruns.
    public var skippedDeadlines: UInt64
    /// wake - deadline, per tick.
    public var wakeLatency: LatencyHistogram
    /// Body end - wake, per tick.
    public var tickCost: LatencyHistogram
    /// nil until the loop thread has started.
    public var privileges: RealtimePrivileges?

    public init(
        periodNanoseconds: Int64,
        ticks: UInt64 = 0,
        overruns: UInt64 = 0,
        skippedDeadlines: UInt64 = 0,
        wakeLatency: LatencyHistogram = LatencyHistogram(),
        tickCost: LatencyHistogram = LatencyHistogram(),
        privileges: RealtimePrivileges? = nil
    ) {
        self.periodNanoseconds = periodNanoseconds
        self.ticks = ticks
        self.overruns = overruns
        self.skippedDeadlines = skippedDeadlines
        self.wakeLatency = wakeLatency
        self.tickCost = tickCost
        self.privileges = privileges
    }

    public var fifoGranted: Bool { privileges?.fifoGranted ?? false }
    public var memoryLocked: Bool { privileges?.memoryLocked ?? false }

    public var description: String {
        "ticks=\(ticks) overruns=\(overruns) skipped=\(skippedDeadlines)"
            + " wake[\(Self.summary(wakeLatency))] cost[\(Self.summary(tickCost))]"
            + " fifo=\(fifoGranted) mlock=\(memoryLocked)"
    }

    private static func summary(_ histogram: LatencyHistogram) -> String {
        "p50=\(microseconds(histogram.percentileNanoseconds(0.5)))"
            + " p99=\(microseconds(histogram.percentileNanoseconds(0.99)))"
            + " max=\(microseconds(histogram.maxNanoseconds))"
    }

    private static func microseconds(_ nanoseconds: Int64) -> String {
        "\(nanoseconds / 1_000)us"
    }
}
