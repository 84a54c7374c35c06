/// An incremental encoder read through an edge-event request: the kernel (or
/// the simulated stand) timestamps every A/B edge and the encoder replays them
/// in order, so no count is lost between ticks however fast the shaft turns,
/// as long as the event FIFO does not overflow (`droppedEvents`).
public final class QuadratureEncoder {
    public let lineA: Int
    public let lineB: Int
    public let countsPerRadian: Double
    private let source: any EdgeEventSource
    private var decoder: QuadratureDecoder
    private var levelA: Bool
    private var levelB: Bool
    private let buffer: UnsafeMutableBufferPointer<EdgeEvent>
    private var originCount: Int64 = 0
    private var originRadians: Double = 0
    /// Events on lines of the source that are neither A nor B.
    public private(set) var foreignEvents: UInt64 = 0

    public init(
        source: any EdgeEventSource, lineA: Int, lineB: Int, countsPerRadian: Double,
        invert: Bool, eventBufferCapacity: Int = 256
    ) throws(HardwareError) {
        guard lineA != lineB else {
            throw HardwareError(.invalidConfiguration, "encoder A and B are both line \(lineA)")
        }
        guard source.lines.contains(lineA), source.lines.contains(lineB) else {
            throw HardwareError(.invalidConfiguration, "encoder lines \(lineA)/\(lineB) are not both in the edge request \(source.lines)")
        }
        guard countsPerRadian.isFinite, countsPerRadian > 0 else {
            throw HardwareError(.invalidConfiguration, "encoder counts per radian must be positive and finite, got \(countsPerRadian)")
        }
        guard eventBufferCapacity > 0 else {
            throw HardwareError(.invalidConfiguration, "encoder event buffer capacity must be positive, got \(eventBufferCapacity)")
        }
        self.source = source
        self.lineA = lineA
        self.lineB = lineB
        self.countsPerRadian = countsPerRadian
        levelA = source.level(of: lineA)
        levelB = source.level(of: lineB)
        decoder = QuadratureDecoder(a: levelA, b: levelB, invert: invert)
        buffer = .allocate(capacity: eventBufferCapacity)
        buffer.initialize(repeating: EdgeEvent(instant: .zero, line: 0, rising: false))
    }

    deinit { buffer.deallocate() }

    /// Drains every pending edge and decodes them in order. Real-time path:
    /// no allocation; loops until the source has nothing left, so a burst larger
    /// than the buffer is still consumed within the tick.
    public func update() {
        while true {
            // A source may not claim more than the buffer holds; never trust it to.
            let drained = min(source.drainEvents(into: buffer), buffer.count)
            if drained <= 0 { return }
            for index in 0..<drained {
                let event = buffer[index]
                if event.line == lineA {
                    levelA = event.rising
                } else if event.line == lineB {
                    levelB = event.rising
                } else {
                    foreignEvents &+= 1
                    continue
                }
                decoder.apply(a: levelA, b: levelB)
            }
        }
    }

    public var count: Int64 { decoder.count }
    public var invert: Bool { decoder.invert }
    public var illegalTransitions: UInt64 { decoder.illegalTransitions }
    public var droppedEvents: UInt64 { source.droppedEvents }

    public var positionRadians: Double {
        originRadians + Double(decoder.count &- originCount) / countsPerRadian
    }

    /// Declares the current count to be `radians` (homing, or adopting the
    /// stepper's commanded position at start). A non-finite value is refused
    /// and the previous origin kept.
    public func rebase(toRadians radians: Double) throws(MotionInputError) {
        guard radians.isFinite else { throw .nonFiniteRadians }
        originCount = decoder.count
        originRadians = radians
    }
}

/// x4 decoding of an incremental encoder: every edge of A and of B is one count.
///
/// The A/B pair walks the Gray sequence 00 → 10 → 11 → 01 → 00 (A leads B)
/// when the shaft turns forwards. Seeing both channels change at once means an
/// edge was missed, so the direction is unknown: the decoder counts the
/// illegal transition, leaves the count alone and resynchronises on the new
/// levels rather than guessing.
public struct QuadratureDecoder: Equatable, Sendable {
    public private(set) var count: Int64
    public private(set) var illegalTransitions: UInt64 = 0
    public let invert: Bool
    private var phase: UInt8

    public init(a: Bool, b: Bool, invert: Bool = false, count: Int64 = 0) {
        self.phase = Self.phase(a: a, b: b)
        self.invert = invert
        self.count = count
    }

    /// Phase index along the forward Gray sequence.
    static func phase(a: Bool, b: Bool) -> UInt8 {
        switch (a, b) {
        case (false, false): 0
        case (true, false): 1
        case (true, true): 2
        case (false, true): 3
        }
    }

    /// Counting wraps instead of trapping, so a continuous axis can turn forever.
    public mutating func apply(a: Bool, b: Bool) {
        let next = Self.phase(a: a, b: b)
        let step = (next &+ 4 &- phase) & 3
        phase = next
        switch step {
        case 1: count &+= invert ? -1 : 1
        case 3: count &+= invert ? 1 : -1
        case 2: illegalTransitions &+= 1
        default: break
        }
    }
}
