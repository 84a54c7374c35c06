import SwivelHardware
import SwivelTestSupport
import Testing

/// Bouncy contacts in, one clean change per real press or release out.
@Suite struct DebouncerTests {
    static let window: Int64 = 10_000_000
    static func ms(_ value: Double) -> MonotonicInstant { MonotonicInstant(nanoseconds: Int64((value * 1e6).rounded())) }

    /// Feeds the edges in order, settling every millisecond between them as a
    /// poller would, and returns every change with its instant.
    static func replay(
        _ edges: [(Double, Bool)], from start: Bool = true, window: Int64 = window, until end: Double
    ) throws -> [Debouncer.Change] {
        var debouncer = try Debouncer(windowNanoseconds: window, level: start, at: .zero)
        var changes: [Debouncer.Change] = []
        var clock = 0.0
        for (at, level) in edges {
            while clock + 1 < at {
                clock += 1
                if let change = debouncer.settle(at: ms(clock)) { changes.append(change) }
            }
            clock = at
            if let change = debouncer.observe(level, at: ms(at)) { changes.append(change) }
        }
        while clock < end {
            clock += 1
            if let change = debouncer.settle(at: ms(clock)) { changes.append(change) }
        }
        return changes
    }

    @Test func aBurstOfBouncesIsOnePressAndOneRelease() throws {
        let press: [(Double, Bool)] = [(0, false), (0.3, true), (0.5, false), (1.1, true), (1.4, false)]
        let release: [(Double, Bool)] = [(200, true), (200.2, false), (200.9, true), (201.5, false), (202, true)]
        let changes = try Self.replay(press + release, until: 400)
        #expect(changes == [
            Debouncer.Change(level: false, instant: Self.ms(11.4)),
            Debouncer.Change(level: true, instant: Self.ms(212)),
        ])
    }

    @Test func aGlitchShorterThanTheWindowIsIgnored() throws {
        #expect(try Self.replay([(5, false), (5.05, true)], until: 100).isEmpty)
        // Many glitches, each shorter than the window, never add up to a press.
        let glitches = (0..<20).flatMap { i in [(Double(i) * 9, false), (Double(i) * 9 + 8, true)] }
        #expect(try Self.replay(glitches, until: 400).isEmpty)
    }

    @Test func aPressAndReleaseInsideTheWindowIsNothing() throws {
        let changes = try Self.replay([(0, false), (0.2, true), (0.4, false), (9.9, true)], until: 100)
        #expect(changes.isEmpty)
    }

    @Test func aLevelHeldExactlyTheWindowCounts() throws {
        var debouncer = try Debouncer(windowNanoseconds: Self.window, level: true, at: .zero)
        #expect(debouncer.observe(false, at: Self.ms(1)) == nil)
        #expect(debouncer.settlesAt == Self.ms(11))
        #expect(debouncer.settle(at: Self.ms(10.999)) == nil)
        #expect(debouncer.settle(at: Self.ms(11)) == Debouncer.Change(level: false, instant: Self.ms(11)))
        #expect(debouncer.level == false)
        #expect(debouncer.settlesAt == nil)
    }

    @Test func anEdgeAfterTheWindowReportsTheEarlierLevelFirst() throws {
        // Nobody polled between the press and the release: the press still comes out, at its own instant.
        var debouncer = try Debouncer(windowNanoseconds: Self.window, level: true, at: .zero)
        #expect(debouncer.observe(false, at: Self.ms(0)) == nil)
        #expect(debouncer.observe(true, at: Self.ms(50)) == Debouncer.Change(level: false, instant: Self.ms(10)))
        #expect(debouncer.settle(at: Self.ms(60)) == Debouncer.Change(level: true, instant: Self.ms(60)))
    }

    @Test func aZeroWindowPassesEveryChange() throws {
        let changes = try Self.replay([(1, false), (1.1, true), (1.1, true), (2, false)], window: 0, until: 5)
        #expect(changes.map(\.level) == [false, true, false])
        #expect(changes.map(\.instant) == [Self.ms(1), Self.ms(1.1), Self.ms(2)])
    }

    @Test func aNegativeWindowIsATypedError() {
        #expect(throws: HardwareError.self) { try Debouncer(windowNanoseconds: -1, level: false, at: .zero) }
    }

    /// Against a reference: a raw run that lasts at least the window and
    /// differs from the debounced level becomes a change at its start plus the window.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomBouncesMatchTheReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        // Time in tenths of a millisecond, so the reference compares integers.
        var edges: [(tenths: Int, level: Bool)] = []
        var time = 0
        var level = true
        for _ in 0..<300 {
            time += Int.random(in: 1...250, using: &random)  // 0.1 to 25 ms apart
            level.toggle()
            edges.append((time, level))
        }
        let end = time + 500
        var expected: [Debouncer.Change] = []
        var stable = true
        for (index, edge) in edges.enumerated() {
            let runEnd = index + 1 < edges.count ? edges[index + 1].tenths : end
            if edge.level != stable, runEnd - edge.tenths >= 100 {
                stable = edge.level
                expected.append(Debouncer.Change(
                    level: stable, instant: MonotonicInstant(nanoseconds: Int64(edge.tenths) * 100_000 + Self.window)))
            }
        }
        #expect(!expected.isEmpty)
        #expect(try Self.replay(edges.map { (Double($0.tenths) / 10, $0.level) }, until: Double(end) / 10) == expected)
    }
}
