import SwivelBoard
public import SwivelHardware

/// What a motor type simulates beside the stand's physical model: devices
/// the simulated board serves on its byte devices (a chain of simulated
/// servos behind a serial device), made from the board and stopped with the
/// simulated hardware. A type's `MotorSimulation.simulatedDevices` makes them.
public protocol SimulatedMotorDevices: ByteDeviceProvider {
    /// After the stand's own resources have stopped.
    func stop()
    /// Lines for the daemon's exit summary (what the simulated parts were left holding), none by default.
    var summaryLines: [String] { get }
}

extension SimulatedMotorDevices {
    public var summaryLines: [String] { [] }
}

extension SimulatedHardware {
    /// Every motor type's simulated devices' summary lines, once the loop has stopped.
    public var motorDevicesSummaryLines: [String] { motorDevices.flatMap(\.summaryLines) }
}

/// The simulated board's byte devices: each motor type's in turn, the first
/// that serves the path wins; with none, a path is refused with the last reason.
final class SimulatedByteDevices: ByteDeviceProvider {
    private let providers: [any SimulatedMotorDevices]

    init(_ providers: [any SimulatedMotorDevices]) { self.providers = providers }

    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice {
        var refusal = HardwareError(.invalidConfiguration, "the simulated board serves no device \(path)")
        for provider in providers {
            do {
                return try provider.device(path: path, baudRate: baudRate)
            } catch {
                refusal = error
            }
        }
        throw refusal
    }
}
