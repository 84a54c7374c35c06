import Testing
@testable import SwivelLoop

@Suite struct RealtimeLoopHistogramTests {
    @Test func bucketEdgesFollowTheDocumentedLayout() {
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: -5) == 0)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 0) == 0)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 999) == 0)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 1_000) == 1)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 1_999_999) == 1_999)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 2_000_000) == 2_000)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 2_099_999) == 2_000)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 9_999_999) == 2_079)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 10_000_000) == 2_080)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 999_999_999) == 3_069)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: 1_000_000_000) == 3_070)
        #expect(LatencyHistogram.bucketIndex(forNanoseconds: Int64.max) == 3_070)
        #expect(LatencyHistogram.bucketCount == 3_071)
    }

    @Test func everyBucketsUpperBoundIsTheNextBucketsFirstValue() {
        for bucket in 0..<(LatencyHistogram.bucketCount - 1) {
            let upper = LatencyHistogram.upperBoundNanoseconds(ofBucket: bucket)
            #expect(LatencyHistogram.bucketIndex(forNanoseconds: upper - 1) == bucket)
            #expect(LatencyHistogram.bucketIndex(forNanoseconds: upper) == bucket + 1)
        }
        #expect(LatencyHistogram.upperBoundNanoseconds(ofBucket: LatencyHistogram.bucketCount - 1) == Int64.max)
    }

    @Test func emptyHistogramReportsZeros() {
        let histogram = LatencyHistogram()
        #expect(histogram.count == 0)
        #expect(histogram.percentileNanoseconds(0.5) == 0)
        #expect(histogram.percentileNanoseconds(1) == 0)
        #expect(histogram.maxNanoseconds == 0)
        #expect(histogram.meanNanoseconds == 0)
    }

    @Test func uniformMicrosecondsGiveBucketUpperBounds() {
        // One sample in the middle of each of the first 1000 µs buckets.
        var histogram = LatencyHistogram()
        for k in 0..<1_000 { histogram.record(nanoseconds: Int64(k) * 1_000 + 500) }
        #expect(histogram.count == 1_000)
        #expect(histogram.percentileNanoseconds(0.5) == 500_000)
        #expect(histogram.percentileNanoseconds(0.99) == 990_000)
        #expect(histogram.percentileNanoseconds(0.999) == 999_000)
        // The top bucket's bound (1_000_000) is clamped to the exact max.
        #expect(histogram.percentileNanoseconds(1) == 999_500)
        #expect(histogram.percentileNanoseconds(0) == 1_000)
        #expect(histogram.maxNanoseconds == 999_500)
        #expect(histogram.meanNanoseconds == 500_000)
        #expect(histogram.sumNanoseconds == 500_000_000)
    }

    @Test func percentileRankIsNotBumpedByBinaryRounding() {
        // 0.07 * 100 is 7.000000000000001 in binary: the 7th sample, not the 8th.
        var histogram = LatencyHistogram()
        for k in 1...100 { histogram.record(nanoseconds: Int64(k) * 1_000) }
        #expect(histogram.percentileNanoseconds(0.07) == 8_000)
        #expect(histogram.percentileNanoseconds(0.5) == 51_000)
    }

    @Test func bimodalTailLandsInCoarseBuckets() {
        var histogram = LatencyHistogram()
        for _ in 0..<990 { histogram.record(nanoseconds: 50_000) }
        for _ in 0..<5 { histogram.record(nanoseconds: 3_020_000) }
        for _ in 0..<5 { histogram.record(nanoseconds: 5_050_000) }
        #expect(histogram.percentileNanoseconds(0.5) == 51_000)
        #expect(histogram.percentileNanoseconds(0.99) == 51_000)
        #expect(histogram.percentileNanoseconds(0.991) == 3_100_000)
        #expect(histogram.percentileNanoseconds(0.996) == 5_050_000)
        #expect(histogram.maxNanoseconds == 5_050_000)
    }

    @Test func millisecondBucketsAndOverflowUseTheExactMax() {
        var histogram = LatencyHistogram()
        histogram.record(nanoseconds: 250_400_000)
        histogram.record(nanoseconds: 2_000_000_000)
        histogram.record(nanoseconds: 5_000_000_000)
        #expect(histogram.percentileNanoseconds(0.3) == 251_000_000)
        #expect(histogram.percentileNanoseconds(0.5) == 5_000_000_000)
        #expect(histogram.maxNanoseconds == 5_000_000_000)
        #expect(histogram.count(inBucket: LatencyHistogram.bucketCount - 1) == 2)
    }

    @Test func negativeDurationsCountAsZero() {
        var histogram = LatencyHistogram()
        histogram.record(nanoseconds: -40_000)
        #expect(histogram.count(inBucket: 0) == 1)
        #expect(histogram.sumNanoseconds == 0)
        #expect(histogram.maxNanoseconds == 0)
    }

    @Test func fractionsOutsideZeroToOneAreClamped() {
        var histogram = LatencyHistogram()
        histogram.record(nanoseconds: 10_000)
        histogram.record(nanoseconds: 90_000)
        #expect(histogram.percentileNanoseconds(99) == 90_000)
        #expect(histogram.percentileNanoseconds(-1) == 11_000)
        #expect(histogram.percentileNanoseconds(.nan) == 11_000)
    }

    @Test func resetOverwriteAddAndCopy() {
        var a = LatencyHistogram()
        a.record(nanoseconds: 10_000)
        a.record(nanoseconds: 30_000)
        var b = LatencyHistogram()
        b.record(nanoseconds: 3_000_000)

        var pooled = a.independentCopy()
        #expect(pooled == a)
        pooled.add(b)
        #expect(pooled.count == 3)
        #expect(pooled.sumNanoseconds == 3_040_000)
        #expect(pooled.maxNanoseconds == 3_000_000)
        #expect(pooled.count(inBucket: 10) == 1)
        #expect(a.count == 2)

        var target = LatencyHistogram()
        target.record(nanoseconds: 777_000)
        target.overwrite(with: b)
        #expect(target == b)

        a.reset()
        #expect(a == LatencyHistogram())
    }

    @Test func dumpOfNonEmptyBucketsRebuildsTheSameHistogram() throws {
        var original = LatencyHistogram()
        for value: Int64 in [0, 64_300, 64_900, 1_999_999, 2_500_000, 47_000_000, 3_000_000_000] {
            original.record(nanoseconds: value)
        }
        let dump = (0..<LatencyHistogram.bucketCount).compactMap { bucket -> (bucket: Int, count: UInt64)? in
            let count = original.count(inBucket: bucket)
            return count > 0 ? (bucket, count) : nil
        }
        let rebuilt = try LatencyHistogram(
            bucketCounts: dump, sumNanoseconds: original.sumNanoseconds, maxNanoseconds: original.maxNanoseconds)
        #expect(rebuilt == original)
    }

    @Test func dumpFromAnotherLayoutIsRefused() {
        #expect(throws: LatencyHistogramError.self) {
            try LatencyHistogram(bucketCounts: [(bucket: 5_000, count: 1)], sumNanoseconds: 0, maxNanoseconds: 0)
        }
        // Max says 2 ms but the only sample sits in the 64 µs bucket.
        #expect(throws: LatencyHistogramError.self) {
            try LatencyHistogram(bucketCounts: [(bucket: 64, count: 1)], sumNanoseconds: 64_000, maxNanoseconds: 2_000_000)
        }
        #expect(throws: LatencyHistogramError.self) {
            try LatencyHistogram(bucketCounts: [(bucket: 64, count: 1)], sumNanoseconds: -1, maxNanoseconds: 64_500)
        }
    }
}
