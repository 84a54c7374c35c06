/// A histogram of durations in nanoseconds with fixed buckets, so recording on the
/// real-time thread never allocates (the bucket array is allocated once, in `init`).
///
/// Buckets (the C baseline in bench/c/nanosleep_loop.c mirrors this layout exactly,
/// so both sides of the loop bench round the same way):
/// - 1 µs wide below 2 ms (where a healthy loop's wake latency lives),
/// - 100 µs wide from 2 ms to 10 ms,
/// - 1 ms wide from 10 ms to 1 s,
/// - one overflow bucket for 1 s and above.
/// Negative durations (impossible for a real sleep, possible with a virtual clock)
/// are counted as 0.
///
/// Copying a histogram shares its bucket storage until one copy is mutated (Swift
/// copy-on-write). The real-time loop never copies a live histogram; it publishes
/// with `overwrite(with:)`, which copies counts into storage the reader owns.
public struct LatencyHistogram: Sendable, Equatable {
    public static let fineBucketWidthNanoseconds: Int64 = 1_000
    public static let fineLimitNanoseconds: Int64 = 2_000_000
    public static let mediumBucketWidthNanoseconds: Int64 = 100_000
    public static let mediumLimitNanoseconds: Int64 = 10_000_000
    public static let coarseBucketWidthNanoseconds: Int64 = 1_000_000
    public static let coarseLimitNanoseconds: Int64 = 1_000_000_000

    static let fineBucketCount = Int(fineLimitNanoseconds / fineBucketWidthNanoseconds)
    static let mediumBucketCount = Int((mediumLimitNanoseconds - fineLimitNanoseconds) / mediumBucketWidthNanoseconds)
    static let coarseBucketCount = Int((coarseLimitNanoseconds - mediumLimitNanoseconds) / coarseBucketWidthNanoseconds)
    static let overflowBucket = fineBucketCount + mediumBucketCount + coarseBucketCount

    /// Number of buckets, the overflow bucket included.
    public static let bucketCount = overflowBucket + 1

    private var counts: [UInt64]
    public private(set) var count: UInt64 = 0
    /// Exact sum of the recorded durations (clamped at 0 like the buckets).
    public private(set) var sumNanoseconds: Int64 = 0
    /// Exact largest recorded duration; 0 when empty.
    public private(set) var maxNanoseconds: Int64 = 0

    public init() {
        counts = Array(repeating: 0, count: Self.bucketCount)
    }

    /// Rebuilds a histogram from another process's dump of the same layout (the C
    /// baseline prints its non-empty buckets). Sum and max are exact values.
    public init(
        bucketCounts: [(bucket: Int, count: UInt64)],
        sumNanoseconds: Int64,
        maxNanoseconds: Int64
    ) throws(LatencyHistogramError) {
        self.init()
        for (bucket, bucketCount) in bucketCounts {
            guard bucket >= 0, bucket < Self.bucketCount else {
                throw LatencyHistogramError(
                    reason: "bucket \(bucket) is outside 0..<\(Self.bucketCount); the dump was made with a different bucket layout")
            }
            counts[bucket] += bucketCount
            count += bucketCount
        }
        guard sumNanoseconds >= 0, maxNanoseconds >= 0 else {
            throw LatencyHistogramError(reason: "sum (\(sumNanoseconds) ns) and max (\(maxNanoseconds) ns) must not be negative")
        }
        if count > 0, Self.bucketIndex(forNanoseconds: maxNanoseconds) != highestNonEmptyBucket() {
            throw LatencyHistogramError(
                reason: "max \(maxNanoseconds) ns does not fall in the highest non-empty bucket; the dump is inconsistent")
        }
        self.sumNanoseconds = sumNanoseconds
        self.maxNanoseconds = maxNanoseconds
    }

    /// The bucket a duration falls in.
    public static func bucketIndex(forNanoseconds nanoseconds: Int64) -> Int {
        let value = Swift.max(nanoseconds, 0)
        if value < fineLimitNanoseconds {
            return Int(value / fineBucketWidthNanoseconds)
        }
        if value < mediumLimitNanoseconds {
            return fineBucketCount + Int((value - fineLimitNanoseconds) / mediumBucketWidthNanoseconds)
        }
        if value < coarseLimitNanoseconds {
            return fineBucketCount + mediumBucketCount
                + Int((value - mediumLimitNanoseconds) / coarseBucketWidthNanoseconds)
        }
        return overflowBucket
    }

    /// The exclusive upper bound of a bucket: every duration in it is below this.
    /// `Int64.max` for the overflow bucket.
    public static func upperBoundNanoseconds(ofBucket bucket: Int) -> Int64 {
        if bucket < fineBucketCount {
            return Int64(bucket + 1) * fineBucketWidthNanoseconds
        }
        if bucket < fineBucketCount + mediumBucketCount {
            return fineLimitNanoseconds + Int64(bucket - fineBucketCount + 1) * mediumBucketWidthNanoseconds
        }
        if bucket < overflowBucket {
            return mediumLimitNanoseconds
                + Int64(bucket - fineBucketCount - mediumBucketCount + 1) * coarseBucketWidthNanoseconds
        }
        return Int64.max
    }

    public mutating func record(nanoseconds: Int64) {
        let value = Swift.max(nanoseconds, 0)
        counts[Self.bucketIndex(forNanoseconds: value)] &+= 1
        count &+= 1
        sumNanoseconds &+= value
        if value > maxNanoseconds { maxNanoseconds = value }
    }

    /// The smallest duration `d` such that at least a fraction `p` of the recorded
    /// durations are below or equal to `d`, rounded UP to its bucket's upper bound
    /// (and never above the exact max). So p50 = 65_000 means "half the samples were
    /// under 65 µs". `p` is a fraction in 0...1 (0.99 for p99); values outside are
    /// clamped, NaN counts as 0. Returns 0 when empty.
    public func percentileNanoseconds(_ p: Double) -> Int64 {
        guard count > 0 else { return 0 }
        let fraction = p.isNaN ? 0 : Swift.min(Swift.max(p, 0), 1)
        // Rank of the sample we want, 1-based; at least the first sample. The tiny
        // shrink keeps binary rounding (0.07 * 100 = 7.000000000000001) from
        // bumping the rank by one.
        let exactRank = fraction * Double(count)
        let rank = Swift.max(UInt64((exactRank * (1 - 1e-12)).rounded(.up)), 1)
        var seen: UInt64 = 0
        for bucket in 0..<Self.bucketCount {
            seen &+= counts[bucket]
            if seen >= rank {
                return Swift.min(Self.upperBoundNanoseconds(ofBucket: bucket), maxNanoseconds)
            }
        }
        return maxNanoseconds
    }

    /// Mean of the recorded durations; 0 when empty.
    public var meanNanoseconds: Double {
        count == 0 ? 0 : Double(sumNanoseconds) / Double(count)
    }

    /// How many durations fell in `bucket`; 0 for a bucket outside the layout.
    public func count(inBucket bucket: Int) -> UInt64 {
        guard bucket >= 0, bucket < Self.bucketCount else { return 0 }
        return counts[bucket]
    }

    public mutating func reset() {
        counts.withUnsafeMutableBufferPointer { buffer in
            buffer.update(repeating: 0)
        }
        count = 0
        sumNanoseconds = 0
        maxNanoseconds = 0
    }

    /// Makes this histogram equal to `other` by copying counts into this one's own
    /// storage: no allocation while this histogram's storage is not shared.
    public mutating func overwrite(with other: LatencyHistogram) {
        counts.withUnsafeMutableBufferPointer { destination in
            other.counts.withUnsafeBufferPointer { source in
                _ = destination.update(fromContentsOf: source)
            }
        }
        count = other.count
        sumNanoseconds = other.sumNanoseconds
        maxNanoseconds = other.maxNanoseconds
    }

    /// Adds `other`'s samples to this one (pooling runs of a benchmark).
    public mutating func add(_ other: LatencyHistogram) {
        counts.withUnsafeMutableBufferPointer { destination in
            other.counts.withUnsafeBufferPointer { source in
                for bucket in 0..<destination.count { destination[bucket] &+= source[bucket] }
            }
        }
        count &+= other.count
        sumNanoseconds &+= other.sumNanoseconds
        maxNanoseconds = Swift.max(maxNanoseconds, other.maxNanoseconds)
    }

    /// A copy that owns its storage, so mutating either never touches the other's
    /// buffer (readers of the loop's statistics get these).
    public func independentCopy() -> LatencyHistogram {
        var copy = LatencyHistogram()
        copy.overwrite(with: self)
        return copy
    }

    private func highestNonEmptyBucket() -> Int? {
        counts.lastIndex { $0 > 0 }
    }
}

/// A histogram dump that does not fit this layout.
public struct LatencyHistogramError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}
