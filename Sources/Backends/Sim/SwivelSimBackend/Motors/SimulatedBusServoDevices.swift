import SwivelBoard
import SwivelHardware
import SwivelPorts
public import SwivelSim
import Synchronization
import SwivelPOSIX

/// The simulated board's bus servo chains: `device: "pty"` is a chain of
/// simulated servos, one per bus servo axis, standing where the board says
/// (each at its zeroCounts, the axis's 0). In virtual time the chain is the
/// bus's device and answers at once; on the wall clock (`swiveld`) it is
/// served on a pseudo-terminal by a thread of its own, and the stand opens
/// the pty's other side as it would a UART, so the real serial code runs.
final class SimulatedBusServoDevices: SimulatedMotorDevices, @unchecked Sendable {
    private let board: Board
    private let clock: any MonotonicClock
    private let onPty: Bool
    /// The chain the stand talks to, once opened.
    private(set) var chain: SimulatedBusServoChain?
    private var server: SimulatedPtyServer?

    init(board: Board, clock: any MonotonicClock, onPty: Bool) {
        self.board = board
        self.clock = clock
        self.onPty = onPty
    }

    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice {
        guard path == "pty" else {
            throw HardwareError(.invalidConfiguration, "the simulated board's bus servos are on device \"pty\", not \(path)")
        }
        let chain = Self.chain(for: board, clock: clock)
        self.chain = chain
        guard onPty else { return chain }
        do {
            let pair = try PseudoTerminalPair.open()
            let server = try SimulatedPtyServer(pair: pair, threadName: "swivel-sim-bus") { chain.serve($0) }
            self.server = server
            do {
                return try SerialByteDevices().device(path: pair.secondaryPath, baudRate: baudRate)
            } catch {
                // Worded as the pty's other failures are.
                throw HardwareError(.ioFailure, "the simulated bus servos' pty: \(error.reason)")
            }
        } catch let error as HardwareError {
            throw error
        } catch {
            throw HardwareError(.ioFailure, "the simulated bus servos' pty: \(error)")
        }
    }

    func stop() { server?.stop() }

    /// One simulated servo per bus servo axis on "pty", of the axes' family.
    static func chain(for board: Board, clock: any MonotonicClock) -> SimulatedBusServoChain {
        var servos: [SimulatedBusServo] = []
        var family: SimulatedBusServo.Family = .feetech
        for axis in [board.axes.pitch, board.axes.yaw, board.axes.roll] {
            guard let s = axis?.motor.settings as? Board.BusServo, s.device == "pty" else { continue }
            family = s.protocolKind == .feetech ? .feetech : .dynamixel
            servos.append(SimulatedBusServo(id: UInt8(clamping: s.id), family: family, positionCounts: Int32(s.zeroCounts)))
        }
        return SimulatedBusServoChain(label: "simulated bus servos", family: family, servos: servos, clock: clock)
    }
}

extension SimulatedHardware {
    /// The simulated bus servo chain, once the stand has opened it on "pty".
    public var busServoChain: SimulatedBusServoChain? {
        motorDevices.lazy.compactMap { ($0 as? SimulatedBusServoDevices)?.chain }.first
    }
}
