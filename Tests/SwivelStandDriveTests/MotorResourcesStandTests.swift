import SwivelBoard
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// What a motor type shares between its axes lives in
/// `StandHardware.motorResources`: made by the type's axes, started with the
/// stand, stopped by the backend's generic `stopAll`, with no field or stop
/// call that names the type.
@Suite struct MotorResourcesStandTests {
    @Test func theBusServoChainsAreOneResourceStoppedWithTheOthers() throws {
        let board = try BoardFixtures.load("sim-busservo.json5")
        let clock = ManualClock()
        var hardware = try MockHardware(board: board, clock: clock, transitionLogCapacity: 64).hardware
        let chain = CountingChain(clock: clock)
        hardware.byteDevices = chain
        hardware.busClock = clock
        _ = try Stand.make(board: board, hardware: hardware, playDemo: false)
        #expect(hardware.motorResources.all.count == 1, "one set of chains for both servo axes")
        let written = chain.writes
        hardware.motorResources.stopAll()
        #expect(chain.writes > written, "stopping runs the last exchange (torque off) before the device closes")
        #expect(chain.closed)
    }

    @Test func aStepperStandSharesNothing() throws {
        let board = try BoardFixtures.load("sim.json5")
        let hardware = try MockHardware(board: board, clock: ManualClock(), transitionLogCapacity: 64).hardware
        _ = try Stand.make(board: board, hardware: hardware, playDemo: false)
        #expect(hardware.motorResources.all.isEmpty)
    }

    /// A type's resource is made once, whichever axis asks first.
    @Test func aResourceIsMadeOncePerKind() {
        let resources = MotorResources()
        let first = resources.resource(Marker.self) { Marker() }
        let second = resources.resource(Marker.self) { Marker() }
        #expect(first === second)
        #expect(resources.existing(Marker.self) === first)
        resources.stopAll()
        #expect(first.stops == 1)
    }
}

private final class Marker: MotorResource {
    var stops = 0
    func start() throws(StandSetupError) {}
    func stop() { stops += 1 }
}

/// The two Feetech servos of sim-busservo.json5 (IDs 1 and 2), counting what the stand writes.
private final class CountingChain: ByteDeviceProvider, ByteDevice {
    let chain: SimulatedBusServoChain
    private(set) var writes = 0
    private(set) var closed = false

    init(clock: ManualClock) {
        chain = SimulatedBusServoChain(
            family: .feetech,
            servos: [SimulatedBusServo(id: 1, family: .feetech, positionCounts: 2048),
                     SimulatedBusServo(id: 2, family: .feetech, positionCounts: 2048)],
            clock: clock)
    }

    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice { self }
    var label: String { chain.label }
    var repliesAreImmediate: Bool { chain.repliesAreImmediate }

    func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError) {
        writes += 1
        try chain.write(bytes)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int {
        try chain.read(into: buffer, timeoutNanoseconds: timeoutNanoseconds)
    }

    func discardInput() { chain.discardInput() }
    func close() {
        closed = true
        chain.close()
    }
}
