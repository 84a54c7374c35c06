#if os(Linux)
import CSwivelGPIO
import Testing

/// The libgpiod 1.x merge of per-line FIFOs, run without hardware: the shim
/// calls this same function on the edges it reads from each line's fd.
@Suite struct EdgeMergeTests {
    struct Edge: Equatable, CustomStringConvertible {
        var nanoseconds: UInt64
        var line: UInt32
        var rising: Bool
        var description: String { "\(line)\(rising ? "↑" : "↓")@\(nanoseconds)" }
    }

    static let capacity = Int(SWIVEL_GPIO_LINE_QUEUE_CAPACITY)

    /// A line's queue holding `edges` (oldest first), starting at ring slot `head`.
    func queue(line: UInt32, _ edges: [(UInt64, Bool)], head: Int = 0) -> swivel_gpio_line_queue {
        var queue = swivel_gpio_line_queue()
        queue.head = UInt32(head)
        queue.last_rising = -1
        append(edges, line: line, to: &queue)
        return queue
    }

    func append(_ edges: [(UInt64, Bool)], line: UInt32, to queue: inout swivel_gpio_line_queue) {
        let start = Int(queue.head) + Int(queue.count)
        withUnsafeMutablePointer(to: &queue.pending) { tuple in
            tuple.withMemoryRebound(to: swivel_gpio_edge.self, capacity: Self.capacity) { slots in
                for (index, edge) in edges.enumerated() {
                    slots[(start + index) % Self.capacity] = swivel_gpio_edge(
                        timestamp_ns: edge.0, global_seqno: 0, line_seqno: 0, offset: line, rising: edge.1 ? 1 : 0)
                }
            }
        }
        queue.count += UInt32(edges.count)
    }

    func merge(_ queues: inout [swivel_gpio_line_queue], now: UInt64, stats: inout swivel_gpio_edge_stats, capacity: Int = 32) -> [Edge] {
        var events = [swivel_gpio_edge](repeating: swivel_gpio_edge(), count: capacity)
        let count = queues.withUnsafeMutableBufferPointer { queueBuffer in
            events.withUnsafeMutableBufferPointer { eventBuffer in
                swivel_gpio_merge_edges(queueBuffer.baseAddress, queueBuffer.count, now, &stats, eventBuffer.baseAddress, eventBuffer.count)
            }
        }
        return events.prefix(count).map { Edge(nanoseconds: $0.timestamp_ns, line: $0.offset, rising: $0.rising != 0) }
    }

    @Test func mergesLinesByKernelTimestamp() {
        var queues = [queue(line: 4, [(10, true), (30, false)]), queue(line: 5, [(20, true), (40, false)])]
        var stats = swivel_gpio_edge_stats()
        #expect(merge(&queues, now: 100, stats: &stats) == [
            Edge(nanoseconds: 10, line: 4, rising: true), Edge(nanoseconds: 20, line: 5, rising: true),
            Edge(nanoseconds: 30, line: 4, rising: false), Edge(nanoseconds: 40, line: 5, rising: false),
        ])
        #expect(stats.dropped == 0)
        #expect(stats.misordered == 0)
        #expect(queues.allSatisfy { $0.count == 0 })
    }

    @Test func holdsBackEdgesStampedAfterTheReadBegan() {
        // Read began at 40: line 4's edge at 50 waits, because line 5 may
        // still have an earlier edge on its way into the kernel's FIFO.
        var queues = [queue(line: 4, [(10, true), (50, false)]), queue(line: 5, [])]
        var stats = swivel_gpio_edge_stats()
        #expect(merge(&queues, now: 40, stats: &stats) == [Edge(nanoseconds: 10, line: 4, rising: true)])
        #expect(queues[0].count == 1)

        append([(45, true)], line: 5, to: &queues[1])
        #expect(merge(&queues, now: 100, stats: &stats) == [
            Edge(nanoseconds: 45, line: 5, rising: true), Edge(nanoseconds: 50, line: 4, rising: false),
        ])
        #expect(stats.misordered == 0)
    }

    @Test func anEdgeQueuedTooLateIsCountedMisordered() {
        var queues = [queue(line: 4, [(10, true), (30, false)]), queue(line: 5, [])]
        var stats = swivel_gpio_edge_stats()
        _ = merge(&queues, now: 100, stats: &stats)
        append([(20, true)], line: 5, to: &queues[1])
        #expect(merge(&queues, now: 100, stats: &stats) == [Edge(nanoseconds: 20, line: 5, rising: true)])
        #expect(stats.misordered == 1)
        // Later edges are compared with the latest one handed out, not the late one.
        append([(35, true)], line: 4, to: &queues[0])
        _ = merge(&queues, now: 100, stats: &stats)
        #expect(stats.misordered == 1)
    }

    @Test func sameDirectionTwiceOnALineCountsADrop() {
        var queues = [queue(line: 4, [(10, true), (20, true), (30, false)]), queue(line: 5, [(15, false)])]
        var stats = swivel_gpio_edge_stats()
        #expect(merge(&queues, now: 100, stats: &stats).count == 4)
        #expect(stats.dropped == 1)
        // The direction is remembered across reads.
        append([(40, false)], line: 4, to: &queues[0])
        _ = merge(&queues, now: 100, stats: &stats)
        #expect(stats.dropped == 2)
    }

    @Test func stopsAtTheCallersCapacity() {
        var queues = [queue(line: 1, [(10, true), (30, false)]), queue(line: 2, [(20, true)])]
        var stats = swivel_gpio_edge_stats()
        #expect(merge(&queues, now: 100, stats: &stats, capacity: 2).map(\.nanoseconds) == [10, 20])
        #expect(merge(&queues, now: 100, stats: &stats, capacity: 2).map(\.nanoseconds) == [30])
    }

    @Test func followsTheRingAcrossItsEnd() {
        let head = Self.capacity - 2
        var queues = [queue(line: 7, [(10, true), (20, false), (30, true), (40, false)], head: head)]
        var stats = swivel_gpio_edge_stats()
        #expect(merge(&queues, now: 100, stats: &stats).map(\.nanoseconds) == [10, 20, 30, 40])
        #expect(queues[0].head == 2)
    }

    @Test func aStampFarAheadIsNotHeldBack() {
        // Kernels before 5.7 stamped v1 events on CLOCK_REALTIME: waiting for
        // the monotonic clock to catch up would hold them forever.
        let now: UInt64 = 1_000_000_000_000
        let realtime: UInt64 = 1_700_000_000_000_000_000
        var queues = [queue(line: 3, [(realtime, true)])]
        var stats = swivel_gpio_edge_stats()
        #expect(merge(&queues, now: now, stats: &stats).map(\.nanoseconds) == [realtime])
    }
}
#endif
