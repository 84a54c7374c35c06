public import SwivelHardware
import Synchronization

/// The TMC2209s of one simulated UART as the far end of its one-wire line: every
/// byte written comes back once (the echo through the 1 kΩ), followed by the
/// reply of the driver the request names (`TMC2209Model`). As a `ByteDevice`
/// it answers at once (virtual time, tests); on the simulated board run on the
/// wall clock a pty carries the bytes to `serve` instead, so the stand's real
/// serial code runs. A script may make a driver silent or give it a fault after
/// some status reads, for the daemon's tests.
public final class SimulatedTMC2209Chain: ByteDevice, Sendable {
    public let label: String
    private struct State {
        var models: [TMC2209Model]
        var output: [UInt8] = []
        var statusReads: [UInt8: Int] = [:]
        var script: SimulatedTMC2209Script
    }
    private let state: Mutex<State>

    /// - Parameter addresses: the drivers on the line; those the script silences are left off it.
    public init(label: String = "simulated TMC2209 UART", addresses: [UInt8], script: SimulatedTMC2209Script = SimulatedTMC2209Script())
        throws(TMC2209DatagramError)
    {
        self.label = label
        var models: [TMC2209Model] = []
        for address in addresses where !script.silent.contains(address) { models.append(try TMC2209Model(node: address)) }
        state = Mutex(State(models: models, script: script))
    }

    /// The driver at `address` as it stands now, or nil when none answers there.
    public func model(address: UInt8) -> TMC2209Model? {
        state.withLock { state in state.models.first { $0.node == address } }
    }

    /// Changes one driver (a fault for a test).
    public func modify(address: UInt8, _ change: (inout TMC2209Model) -> Void) {
        state.withLock { state in
            guard let index = state.models.firstIndex(where: { $0.node == address }) else { return }
            change(&state.models[index])
        }
    }

    /// The echo of `bytes`, then whatever reply they completed.
    public func serve(_ bytes: [UInt8]) -> [UInt8] {
        state.withLock { state in
            var out = bytes
            for index in state.models.indices {
                let reply = state.models[index].receive(bytes)
                guard !reply.isEmpty else { continue }
                out += reply
                if reply.count > 2, reply[2] == TMC2209Register.drvStatus {
                    let node = state.models[index].node
                    let reads = state.statusReads[node, default: 0] + 1
                    state.statusReads[node] = reads
                    // The fault shows from the next read on, as if it happened between two polls.
                    for fault in state.script.faults where fault.address == node && fault.afterStatusReads == reads {
                        state.models[index].setDriverStatus(fault.status)
                    }
                }
            }
            return out
        }
    }

    // MARK: - ByteDevice

    public var repliesAreImmediate: Bool { true }

    public func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError) {
        let answer = serve(Array(bytes))
        state.withLock { $0.output += answer }
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int {
        state.withLock { state in
            let count = min(buffer.count, state.output.count)
            for index in 0..<count { buffer[index] = state.output[index] }
            state.output.removeFirst(count)
            return count
        }
    }

    public func discardInput() { state.withLock { $0.output.removeAll(keepingCapacity: true) } }
    public func close() {}
}

/// What a simulated TMC2209 line is told to do wrong, for tests of the daemon.
/// Written as `silent=1,overTemperature=0@20`: the driver at address 1 never
/// answers; the one at 0 reports over-temperature after its 20th status read.
public struct SimulatedTMC2209Script: Equatable, Sendable {
    public struct Fault: Equatable, Sendable {
        public var address: UInt8
        public var afterStatusReads: Int
        public var status: TMC2209DriverStatus
    }

    public var silent: Set<UInt8> = []
    public var faults: [Fault] = []

    public init() {}

    /// The script `text` says, or why it says nothing usable.
    public init(parsing text: String) throws(HardwareError) {
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw Self.refusal(item) }
            let target = parts[1].split(separator: "@", maxSplits: 1)
            guard let first = target.first, let address = UInt8(first), address <= TMC2209Datagram.maximumNode else { throw Self.refusal(item) }
            let reads = target.count == 2 ? Int(target[1]) : 1
            guard let reads, reads >= 1 else { throw Self.refusal(item) }
            // At rest in StealthChop, as the model starts, with the fault's flag.
            let resting: UInt32 = 1 << 31 | 1 << 30
            switch parts[0] {
            case "silent": silent.insert(address)
            case "overTemperature":
                faults.append(Fault(address: address, afterStatusReads: reads, status: TMC2209DriverStatus(rawValue: resting | 1 << 1 | 1 << 0)))
            case "shortToGroundA":
                faults.append(Fault(address: address, afterStatusReads: reads, status: TMC2209DriverStatus(rawValue: resting | 1 << 2)))
            case "shortToGroundB":
                faults.append(Fault(address: address, afterStatusReads: reads, status: TMC2209DriverStatus(rawValue: resting | 1 << 3)))
            default: throw Self.refusal(item)
            }
        }
    }

    private static func refusal(_ item: Substring) -> HardwareError {
        HardwareError(.invalidConfiguration, "simulated TMC2209 script item \"\(item)\" is not silent=N, overTemperature=N[@reads], "
            + "shortToGroundA=N[@reads] or shortToGroundB=N[@reads] with N 0...3")
    }
}
