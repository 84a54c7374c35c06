import SwivelBoard
import SwivelHardware
import SwivelPOSIX

/// The stand's TMC2209 UARTs: one bus per device, shared by every stepper
/// whose driver is on it. Started once every axis is built: each driver is set
/// up with its writes confirmed, then a thread per UART polls their status.
final class TMC2209Resource: MotorResource {
    private let provider: (any ByteDeviceProvider)?
    private var buses: [(path: String, bus: TMC2209Bus)] = []
    private var threads: [POSIXThread] = []

    init(_ hardware: StandHardware) { provider = hardware.byteDevices }

    /// The node for one stepper's driver; its UART is opened the first time.
    func node(for uart: Board.TMC2209UART, of stepper: Board.Stepper) throws(StandSetupError) -> TMC2209Node {
        let place = "TMC2209 at address \(uart.address) on \(uart.device)"
        let configuration = TMC2209Configuration(
            microsteps: stepper.microsteps, runRMSAmperes: uart.runCurrentAmperes, holdRMSAmperes: uart.holdCurrentAmperes,
            senseResistorOhms: uart.senseResistorOhms,
            // TPWMTHRS compares STEP pulses, so the axis speed is taken through the gear to microsteps per second.
            stealthChopUpToStepsPerSecond: uart.stealthChopThresholdRadiansPerSecond.map { $0 * stepper.microstepsPerRadian },
            spreadCycle: !uart.stealthChop)
        do {
            _ = try configuration.setupWrites()
        } catch {
            throw StandSetupError("\(place): \(error)")
        }
        let node = TMC2209Node(address: UInt8(clamping: uart.address), configuration: configuration)
        try bus(uart, place: place).add(node)
        return node
    }

    private func bus(_ uart: Board.TMC2209UART, place: String) throws(StandSetupError) -> TMC2209Bus {
        if let open = buses.first(where: { $0.path == uart.device }) { return open.bus }
        guard let provider else { throw StandSetupError("\(place): this backend has no serial devices") }
        let device: any ByteDevice
        do {
            device = try provider.device(path: uart.device, baudRate: uart.baud)
        } catch {
            throw StandSetupError("\(place): \(error.reason)")
        }
        let bus = TMC2209Bus(line: TMC2209Line(device: device, path: uart.device))
        buses.append((uart.device, bus))
        return bus
    }

    /// Buses on an immediate (virtual-time) device get no thread: a test polls them.
    var all: [TMC2209Bus] { buses.map(\.bus) }

    func start() throws(StandSetupError) {
        for (_, bus) in buses {
            do {
                try bus.setUp()
            } catch {
                throw StandSetupError(error.description)
            }
        }
        for (path, bus) in buses where !bus.line.device.repliesAreImmediate {
            let clock = SystemMonotonicClock()
            do {
                threads.append(try POSIXThread.spawn(name: "swivel-tmc \(path)") {
                    bus.run(clock: clock) { DeadlineSleep.until(nanoseconds: $0.nanoseconds) }
                })
            } catch {
                throw StandSetupError("TMC2209 on \(path): its polling thread did not start: \(error)")
            }
        }
    }

    /// The drivers were disabled on their ENABLE lines; only the polling stops here.
    func stop() {
        for (_, bus) in buses { bus.requestStop() }
        for thread in threads { thread.join() }
        threads.removeAll()
        for (_, bus) in buses { bus.line.close() }
    }
}

extension MotorResources {
    /// One poll of every TMC2209 bus: in virtual time the buses have no thread
    /// of their own, so the simulated backend's tests poll them.
    public func pollTMC2209Buses() {
        for bus in existing(TMC2209Resource.self)?.all ?? [] { bus.poll() }
    }
}
