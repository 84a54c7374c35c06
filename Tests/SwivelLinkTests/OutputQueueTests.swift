@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import Testing

/// The per-session output queue: frames in, written from in place, bounded by the hub.
@Suite struct OutputQueueTests {
    static func frame(_ length: Int, seed: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed) }
    }

    @Test func bytesComeOutInOrderAcrossBlocks() {
        let queue = OutputQueue()
        var expected: [UInt8] = []
        // Lengths that straddle block boundaries, and one longer than a block.
        for (index, length) in [10, 4090, 7, 5000, 1, 4096, 300].enumerated() {
            let frame = Self.frame(length, seed: index)
            queue.append(frame)
            expected += frame
        }
        #expect(queue.count == expected.count)
        let regions = queue.regions(maximum: 1_000)
        #expect(regions.allSatisfy { $0.count <= OutputQueue.blockBytes })
        #expect(regions.flatMap { Array($0) } == expected)
        #expect(queue.takeAll() == expected)
        #expect(queue.isEmpty)
        #expect(queue.consumedTotal == UInt64(expected.count))
    }

    /// What a partial write leaves is exactly the rest, whatever the cut.
    @Test func consumingPartOfTheQueueKeepsTheRest() {
        for cut in [0, 1, 9, 4095, 4096, 4097, 8191, 9000, 12_000] {
            let queue = OutputQueue()
            var expected: [UInt8] = []
            for index in 0..<30 {
                let frame = Self.frame(37 * index + 3, seed: index)
                queue.append(frame)
                expected += frame
            }
            queue.consume(cut)
            let rest = Array(expected.dropFirst(cut))
            #expect(queue.count == rest.count, "cut \(cut)")
            #expect(queue.regions(maximum: 1_000).flatMap { Array($0) } == rest, "cut \(cut)")
            // Appending after a partial consume continues at the tail.
            queue.append([0xAB, 0xCD])
            #expect(queue.takeAll() == rest + [0xAB, 0xCD], "cut \(cut)")
        }
    }

    @Test func regionsAreCappedAndConsumingMoreThanQueuedEmptiesIt() {
        let queue = OutputQueue()
        for index in 0..<10 { queue.append(Self.frame(4096, seed: index)) }
        #expect(queue.regions(maximum: 3).count == 3)
        #expect(queue.regions(maximum: 3).map(\.count) == [4096, 4096, 4096])
        queue.consume(1_000_000)
        #expect(queue.isEmpty)
        #expect(queue.consumedTotal == 40_960)
        #expect(queue.regions(maximum: 8).isEmpty)
    }

    /// Thrown away, not consumed: the hub tells a peer that reads from one that does not.
    @Test func removeAllIsNotCountedAsConsumed() {
        let queue = OutputQueue()
        queue.append(Self.frame(5000, seed: 1))
        queue.consume(100)
        queue.removeAll()
        #expect(queue.isEmpty)
        #expect(queue.consumedTotal == 100)
        queue.append([1, 2, 3])
        #expect(queue.takeAll() == [1, 2, 3])
    }
}
