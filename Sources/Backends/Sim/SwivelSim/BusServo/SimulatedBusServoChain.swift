public import SwivelHardware

/// A chain of simulated bus servos as the far end of a UART: it parses the
/// instruction packets written to it with its family's framing, answers as
/// the servos would, and moves them on the clock. As a `ByteDevice` it
/// answers at once (virtual time, tests); on the simulated board run on the
/// wall clock a pty carries the bytes to it instead (`serve`), so the stand's
/// real serial code runs.
public final class SimulatedBusServoChain: ByteDevice, @unchecked Sendable {
    public let label: String
    public let family: SimulatedBusServo.Family
    public private(set) var servos: [SimulatedBusServo]
    private let clock: any MonotonicClock
    private var lastAdvance: MonotonicInstant
    private var input: [UInt8] = []
    private var output: [UInt8] = []
    private var reply: [UInt8] = []
    private var unstuffed: [UInt8] = []

    /// Instruction packets parsed, by instruction byte, and the newest SYNC_WRITE as written.
    public private(set) var instructionsSeen: [UInt8: Int] = [:]
    public private(set) var lastSyncWrite: [UInt8] = []
    /// Bytes that framed no valid packet.
    public private(set) var garbageBytes = 0

    public init(label: String = "simulated bus", family: SimulatedBusServo.Family, servos: [SimulatedBusServo], clock: any MonotonicClock) {
        self.label = label
        self.family = family
        self.servos = servos
        self.clock = clock
        lastAdvance = clock.now()
    }

    /// Changes one servo (a fault for a test, a temperature): applied to the servo with `id`.
    public func modify(id: UInt8, _ change: (inout SimulatedBusServo) -> Void) {
        guard let index = servos.firstIndex(where: { $0.id == id }) else { return }
        change(&servos[index])
    }

    public func servo(id: UInt8) -> SimulatedBusServo? { servos.first { $0.id == id } }

    // MARK: - ByteDevice

    public var repliesAreImmediate: Bool { true }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError) {
        output.append(contentsOf: serve(Array(bytes)))
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int {
        let count = min(buffer.count, output.count)
        for index in 0..<count { buffer[index] = output[index] }
        output.removeFirst(count)
        return count
    }

    public func discardInput() { output.removeAll(keepingCapacity: true) }
    public func close() {}

    // MARK: - The far end

    /// Takes bytes from the wire and returns the servos' answers.
    public func serve(_ bytes: [UInt8]) -> [UInt8] {
        let now = clock.now()
        let seconds = Double(now.nanoseconds(since: lastAdvance)) / 1e9
        if seconds > 0 {
            for index in servos.indices { servos[index].advance(by: seconds) }
            lastAdvance = now
        }
        input.append(contentsOf: bytes)
        var answers: [UInt8] = []
        while let packet = nextPacket() {
            instructionsSeen[packet.instruction, default: 0] += 1
            handle(packet, answers: &answers)
        }
        return answers
    }

    private struct Instruction {
        var id: UInt8
        var instruction: UInt8
        var parameters: [UInt8]
        var raw: [UInt8]
    }

    /// The next whole, valid instruction in `input`; garbage before it is dropped.
    private func nextPacket() -> Instruction? {
        while true {
            let header: [UInt8] = family == .feetech ? [0xFF, 0xFF] : [0xFF, 0xFF, 0xFD, 0x00]
            guard let start = Self.find(header, in: input) else {
                let keep = min(input.count, header.count - 1)
                garbageBytes += input.count - keep
                input.removeFirst(input.count - keep)
                return nil
            }
            if start > 0 {
                garbageBytes += start
                input.removeFirst(start)
            }
            switch family {
            case .feetech:
                guard input.count >= 4 else { return nil }
                let length = Int(input[3])
                guard length >= 2 else { return skipOne() }
                let frame = length + 4
                guard input.count >= frame else { return nil }
                let checksum = FeetechPacket.checksum(input, in: 2..<(frame - 1))
                guard checksum == input[frame - 1] else { return skipOne() }
                let packet = Instruction(id: input[2], instruction: input[4], parameters: Array(input[5..<(frame - 1)]),
                                         raw: Array(input[0..<frame]))
                input.removeFirst(frame)
                return packet
            case .dynamixel:
                guard input.count >= 7 else { return nil }
                let length = Int(input[5]) | Int(input[6]) << 8
                guard length >= 3, length <= 1024 else { return skipOne() }
                let frame = length + 7
                guard input.count >= frame else { return nil }
                let crc = DynamixelCRC.checksum(input, in: 0..<(frame - 2))
                guard crc == UInt16(input[frame - 2]) | UInt16(input[frame - 1]) << 8 else { return skipOne() }
                unstuffed.removeAll(keepingCapacity: true)
                // After FF FF FD the sender added an FD that is not data.
                var (b1, b2, b3): (UInt8, UInt8, UInt8) = (0, 0, input[7])
                for byte in input[8..<(frame - 2)] {
                    if b1 == 0xFF, b2 == 0xFF, b3 == 0xFD, byte == 0xFD {
                        (b1, b2, b3) = (0, 0, 0)
                        continue
                    }
                    unstuffed.append(byte)
                    (b1, b2, b3) = (b2, b3, byte)
                }
                let packet = Instruction(id: input[4], instruction: input[7], parameters: unstuffed, raw: Array(input[0..<frame]))
                input.removeFirst(frame)
                return packet
            }
        }
    }

    private func skipOne() -> Instruction? {
        garbageBytes += 1
        input.removeFirst()
        return nextPacket()
    }

    private static func find(_ header: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= header.count else { return nil }
        for start in 0...(bytes.count - header.count) where bytes[start..<(start + header.count)].elementsEqual(header) {
            return start
        }
        return nil
    }

    private func handle(_ packet: Instruction, answers: inout [UInt8]) {
        let p = packet.parameters
        let wide = family == .dynamixel
        func word(_ index: Int) -> Int { wide ? Int(p[index]) | Int(p[index + 1]) << 8 : Int(p[index]) }
        let addressBytes = wide ? 2 : 1
        switch packet.instruction {
        case 0x01:  // PING
            answer(packet.id, parameters: [], into: &answers)
        case 0x02:  // READ
            guard p.count >= 2 * addressBytes else { return }
            let address = word(0), count = word(addressBytes)
            guard let servo = servo(id: packet.id) else { return }
            answer(packet.id, parameters: servo.read(address: address, count: count), into: &answers)
        case 0x03:  // WRITE
            guard p.count > addressBytes, let index = servos.firstIndex(where: { $0.id == packet.id && $0.answers }) else { return }
            servos[index].write(address: word(0), data: p[addressBytes...])
            answer(packet.id, parameters: [], into: &answers)
        case 0x83:  // SYNC_WRITE
            lastSyncWrite = packet.raw
            guard p.count >= 2 * addressBytes else { return }
            let address = word(0), count = word(addressBytes)
            var at = 2 * addressBytes
            while count > 0, at + 1 + count <= p.count {
                if let index = servos.firstIndex(where: { $0.id == p[at] && $0.answers }) {
                    servos[index].write(address: address, data: p[(at + 1)..<(at + 1 + count)])
                }
                at += 1 + count
            }
        case 0x82:  // SYNC_READ
            guard p.count >= 2 * addressBytes else { return }
            let address = word(0), count = word(addressBytes)
            for id in p[(2 * addressBytes)...] {
                guard let servo = servo(id: id) else { continue }
                answer(id, parameters: servo.read(address: address, count: count), into: &answers)
            }
        default:
            break
        }
    }

    private func answer(_ id: UInt8, parameters: [UInt8], into answers: inout [UInt8]) {
        guard let servo = servo(id: id), servo.answers else { return }
        switch family {
        case .feetech:
            let errors = FeetechErrorFlags(rawValue: servo.hardwareErrorBits & 0x2F)
            guard (try? FeetechPacket.encodeStatus(id: id, errors: errors, parameters: parameters, into: &reply)) != nil else { return }
        case .dynamixel:
            let alert: UInt8 = servo.hardwareErrorBits != 0 ? 0x80 : 0
            guard (try? DynamixelPacket.encodeStatus(id: id, error: DynamixelErrorField(rawValue: alert), parameters: parameters, into: &reply)) != nil else { return }
        }
        answers.append(contentsOf: reply)
    }
}
