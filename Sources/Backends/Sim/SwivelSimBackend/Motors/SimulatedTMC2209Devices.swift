#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelBoard
import SwivelHardware
import SwivelPorts
public import SwivelSim
import SwivelStand
import Synchronization
import SwivelPOSIX

/// The simulated board's TMC2209 UART: `tmc2209: { device: "pty" }` is a line
/// of simulated drivers (`TMC2209Model`), one per stepper that names it, with
/// the one-wire echo. In virtual time the line is the bus's device and answers
/// at once; on the wall clock (`swiveld`) it is served on a pseudo-terminal by
/// a thread of its own and the stand opens the pty's other side as it would a
/// UART. `SWIVEL_SIM_TMC2209` (read by the daemon's simulated board only) is a
/// `SimulatedTMC2209Script` for its tests: a driver that does not answer, a
/// fault after some status reads.
final class SimulatedTMC2209Devices: SimulatedMotorDevices, @unchecked Sendable {
    static let scriptVariable = "SWIVEL_SIM_TMC2209"
    private let board: Board
    private let onPty: Bool
    private(set) var chain: SimulatedTMC2209Chain?
    private var server: SimulatedPtyServer?

    init(board: Board, clock: any MonotonicClock, onPty: Bool) {
        self.board = board
        self.onPty = onPty
    }

    /// The addresses of the steppers whose driver is on the simulated UART.
    static func uarts(on board: Board) -> [UInt8] {
        board.axes.present.compactMap { _, axis in
            guard let uart = axis.motor.stepper?.tmc2209, uart.device == "pty" else { return nil }
            return UInt8(clamping: uart.address)
        }
    }

    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice {
        guard path == "pty" else {
            throw HardwareError(.invalidConfiguration, "the simulated board's TMC2209s are on device \"pty\", not \(path)")
        }
        var script = SimulatedTMC2209Script()
        if onPty, let text = getenv(Self.scriptVariable) { script = try SimulatedTMC2209Script(parsing: String(cString: text)) }
        let chain: SimulatedTMC2209Chain
        do {
            chain = try SimulatedTMC2209Chain(addresses: Self.uarts(on: board), script: script)
        } catch {
            throw HardwareError(.invalidConfiguration, "the simulated TMC2209s: \(error)")
        }
        self.chain = chain
        guard onPty else { return chain }
        do {
            let pair = try PseudoTerminalPair.open()
            server = try SimulatedPtyServer(pair: pair, threadName: "swivel-sim-tmc") { chain.serve($0) }
            do {
                return try SerialByteDevices().device(path: pair.secondaryPath, baudRate: baudRate)
            } catch {
                // Worded as the pty's other failures are.
                throw HardwareError(.ioFailure, "the simulated TMC2209s' pty: \(error.reason)")
            }
        } catch let error as HardwareError {
            throw error
        } catch {
            throw HardwareError(.ioFailure, "the simulated TMC2209s' pty: \(error)")
        }
    }

    func stop() { server?.stop() }

    /// What each simulated driver holds after the run, so the daemon's test can compare it with the board.
    var summaryLines: [String] {
        guard let chain else { return [] }
        return Self.uarts(on: board).compactMap { address in
            chain.model(address: address).map { model in
                let registers: [(String, UInt8)] = [
                    ("GCONF", TMC2209Register.gconf), ("CHOPCONF", TMC2209Register.chopconf),
                    ("IHOLD_IRUN", TMC2209Register.iholdIrun), ("TPWMTHRS", TMC2209Register.tpwmthrs),
                    ("GSTAT", TMC2209Register.gstat), ("IFCNT", TMC2209Register.ifcnt),
                ]
                return "simulated TMC2209 at address \(address): "
                    + registers.map { "\($0.0) \(TMC2209SetupError.hex(model.register($0.1)))" }.joined(separator: ", ")
            }
        }
    }
}

extension SimulatedHardware {
    /// The simulated TMC2209 line, once the stand has opened it on "pty".
    public var tmc2209Chain: SimulatedTMC2209Chain? {
        motorDevices.lazy.compactMap { ($0 as? SimulatedTMC2209Devices)?.chain }.first
    }

    /// One poll of every TMC2209 bus: in virtual time the buses have no thread of their own.
    public func pollTMC2209Drivers() {
        hardware.motorResources.pollTMC2209Buses()
    }
}
