import SwivelPOSIX

/// Every bus servo chain of a board, by device path: the axes on one device
/// share one `BusServoBus` (one sync write carries every goal on it).
/// Set up while the drives are made, started once they all are, stopped
/// after the drivers are disabled.
public final class BusServoChains {
    public let provider: (any ByteDeviceProvider)?
    private let clock: any MonotonicClock
    private var buses: [String: BusServoBus] = [:]
    private var order: [String] = []
    private var threads: [POSIXThread] = []

    /// - Parameter clock: what an inline bus (a device that answers at once)
    ///   is timed by; a bus thread sleeps on the system's monotonic clock.
    public init(provider: (any ByteDeviceProvider)?, clock: any MonotonicClock) {
        self.provider = provider
        self.clock = clock
    }

    /// The bus on `device`, opened the first time.
    public func bus(device path: String, baudRate: Int, updateRateHz: Int, codec: any BusServoCodec) throws(HardwareError) -> BusServoBus {
        if let bus = buses[path] { return bus }
        guard let provider else {
            throw HardwareError(.invalidConfiguration, "this backend has no serial devices for the bus servos on \(path)")
        }
        let device = try provider.device(path: path, baudRate: baudRate)
        let bus = BusServoBus(device: device, codec: codec, updateRateHz: updateRateHz, baudRate: baudRate)
        buses[path] = bus
        order.append(path)
        return bus
    }

    /// The clock an actuator on `bus` drives its inline exchanges by; nil when the bus has a thread.
    public func inlineClock(for bus: BusServoBus) -> (any MonotonicClock)? {
        bus.device.repliesAreImmediate ? clock : nil
    }

    /// Starts a thread for every bus on a real device (after the drives are made).
    public func start() throws(HardwareError) {
        for path in order {
            guard let bus = buses[path], !bus.device.repliesAreImmediate, bus.slots.count > 0 else { continue }
            let sleepClock = SystemMonotonicClock()
            threads.append(try POSIXThread.start("swivel-bus \(path)") {
                bus.run(clock: sleepClock) { DeadlineSleep.until(nanoseconds: $0.nanoseconds) }
            })
        }
    }

    /// Stops the threads and runs one last exchange on every bus, so torque
    /// that was switched off is written before the devices close.
    public func stop() {
        for path in order { buses[path]?.requestStop() }
        for thread in threads { thread.join() }
        threads.removeAll()
        for path in order {
            guard let bus = buses[path] else { continue }
            bus.exchange()
            bus.device.close()
        }
    }

    public var all: [BusServoBus] { order.compactMap { buses[$0] } }
}
