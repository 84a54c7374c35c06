import Synchronization
import SwivelTestSupport
import Testing
@testable import SwivelKit

/// `Broadcast` between the link thread and consumers that come and go.
@Suite struct BroadcastTests {
    /// Consumers cancelled while the producer yields: a cancellation runs
    /// `onTermination` under the task's own lock, and a yield takes that lock
    /// to resume the consumer. Yielding under the subscribers' lock (as
    /// `Broadcast` once did) deadlocked the two threads here within seconds
    /// (the whole test run hung: the pool's threads are stuck, so even the
    /// time limit cannot fire; `make test`'s CI timeout is then the failure).
    /// Fixed, it takes about a second on a quiet machine; on a loaded one
    /// (a clean-clone run beside two builds took over a minute for 2,000) it
    /// stops after 20 s with at least 100 rounds: a deadlock still hangs it.
    @Test(.timeLimit(.minutes(1)))
    func consumersCancelledWhileTheProducerYieldsNeverDeadlock() async throws {
        let broadcast = Broadcast<Int>(bufferLimit: 4)
        let stop = Atomic(false)
        let producer = try TestThread {
            var n = 0
            while !stop.load(ordering: .relaxed) {
                broadcast.yield(n)
                n &+= 1
            }
        }
        let started = ContinuousClock.now
        var rounds = 0
        while rounds < 2_000 && (rounds < 100 || ContinuousClock.now - started < .seconds(20)) {
            rounds += 1
            let stream = broadcast.stream(initial: { [-1] })
            let consumer = Task {
                var seen = 0
                for await _ in stream {
                    seen += 1
                    if seen == 3 { break }
                }
                return seen
            }
            if Bool.random() { consumer.cancel() }
            _ = await consumer.value
        }
        stop.store(true, ordering: .relaxed)
        producer.join()
        broadcast.finish()
    }

    /// A stream's initial elements come before anything yielded after it was made.
    @Test func initialElementsComeFirst() async {
        let broadcast = Broadcast<Int>()
        let stream = broadcast.stream(initial: { [1, 2] })
        broadcast.yield(3)
        broadcast.finish()
        var got: [Int] = []
        for await element in stream { got.append(element) }
        #expect(got == [1, 2, 3])
    }
}
