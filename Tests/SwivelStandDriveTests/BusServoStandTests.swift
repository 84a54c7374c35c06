import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// Serial bus servos on the simulated stand in virtual time: the stand's
/// drivers and bus speak Feetech or Dynamixel to a simulated chain, which
/// parses every packet and moves the servos; the stand measures the axes
/// through the servos' own encoders.
@Suite struct BusServoStandTests {
    /// One count of a 4096-count servo, in radians.
    static let count = 2 * Double.pi / 4096

    static func stand(_ family: Board.BusServo.Family = .feetech) throws -> VirtualStand {
        var board = try BoardFixtures.load("sim-busservo.json5")
        for axis in [Axis.yaw, .pitch] {
            guard var servo = board.axes.perAxis[axis]?.motor.settings as? Board.BusServo else { continue }
            servo.protocolKind = family
            if family == .dynamixel { servo.baud = 57600 }
            switch axis {
            case .yaw: board.axes.yaw?.motor = Board.Motor(servo)
            default: board.axes.pitch?.motor = Board.Motor(servo)
            }
        }
        return try VirtualStand(board: board)
    }

    static func chain(_ sim: VirtualStand) throws -> SimulatedBusServoChain {
        try #require(sim.simulation.busServoChain)
    }

    @Test(arguments: [Board.BusServo.Family.feetech, .dynamixel])
    func aMoveArrivesThroughTheServosOwnEncoders(_ family: Board.BusServo.Family) throws {
        let sim = try Self.stand(family)
        let chain = try Self.chain(sim)
        #expect(sim.stand.status().encoderAxes.contains(AxisSet(.yaw)))
        #expect(sim.stand.status().encoderAxes.contains(AxisSet(.pitch)))
        // Torque stays off until the first motion.
        sim.run(seconds: 0.1)
        #expect(chain.servos.allSatisfy { !$0.torque })
        _ = try sim.send(.setOrientation(.angles(Vector3(pitch: -0.3, yaw: 0.8)), durationSeconds: 1, relative: false))
        #expect(sim.run(until: { $0.lastRequest?.isFinished == true }, timeoutSeconds: 2))
        sim.run(seconds: 0.2)
        let status = sim.stand.status()
        #expect(abs(status.measured.yaw - 0.8) < 3 * Self.count, "yaw \(status.measured.yaw)")
        #expect(abs(status.measured.pitch + 0.3) < 3 * Self.count, "pitch \(status.measured.pitch)")
        #expect(status.fault == nil)
        // The servos hold the goal the stand computed: count 2048 + 0.8 rad × 4096/2π.
        let yaw = try #require(chain.servo(id: 1))
        #expect(yaw.torque)
        #expect(abs(Double(yaw.goalCounts) - (2048 + 0.8 * 4096 / (2 * Double.pi))) <= 1)
    }

    /// Both axes' goals go out in ONE sync-write packet per exchange, at the
    /// board's update rate (100 Hz), with both IDs in it.
    @Test(arguments: [Board.BusServo.Family.feetech, .dynamixel])
    func bothGoalsShareOneSyncWritePerExchange(_ family: Board.BusServo.Family) throws {
        let sim = try Self.stand(family)
        let chain = try Self.chain(sim)
        _ = try sim.send(.setAngularVelocity(Vector3(pitch: 0.2, yaw: 0.5)))
        sim.run(seconds: 0.5)
        let before = chain.instructionsSeen[0x83] ?? 0
        let reads = chain.instructionsSeen[0x82] ?? 0
        sim.run(seconds: 1)
        let writes = (chain.instructionsSeen[0x83] ?? 0) - before
        #expect((95...105).contains(writes), "\(writes) sync writes in a second")
        #expect((chain.instructionsSeen[0x82] ?? 0) - reads >= 95)
        let packet = chain.lastSyncWrite
        switch family {
        case .feetech:
            // FF FF FE LEN 83 2A 02 (1 lo hi) (2 lo hi) CHK
            #expect(packet.count == 14)
            #expect(Array(packet.prefix(7)) == [0xFF, 0xFF, 0xFE, 0x0A, 0x83, 0x2A, 0x02])
            #expect(packet[7] == 2 && packet[10] == 1 || packet[7] == 1 && packet[10] == 2)
        case .dynamixel:
            // FF FF FD 00 FE LEN(2) 83 74 00 04 00 (id + 4 bytes) × 2 CRC(2)
            #expect(packet.count == 24)
            #expect(Array(packet.prefix(12)) == [0xFF, 0xFF, 0xFD, 0x00, 0xFE, 0x11, 0x00, 0x83, 0x74, 0x00, 0x04, 0x00])
        }
        #expect(chain.garbageBytes == 0)
    }

    /// A servo that stops answering (unplugged, a wrong ID) stops the stand
    /// with a motor fault within ten exchanges; motion is refused until cleared.
    @Test func aSilentServoIsAMotorFault() throws {
        let sim = try Self.stand()
        let chain = try Self.chain(sim)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.3)))
        sim.run(seconds: 0.3)
        chain.modify(id: 2) { $0.answers = false }
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.2))
        guard case .motor(.pitch, .silent(let missed))? = sim.stand.status().fault else {
            Issue.record("expected pitch silent, got \(String(describing: sim.stand.status().fault))")
            return
        }
        #expect(missed >= 10)
        #expect(throws: SwivelError.self) { try sim.send(.setAngularVelocity(Vector3(yaw: 0.1))) }
        // Decelerated at the cap and the drivers are off: torque off on the servo that still hears.
        sim.run(seconds: 1)
        #expect(sim.stand.status().commanded.yaw.velocity == 0)
        #expect(chain.servo(id: 1)?.torque == false)
    }

    @Test func anOverheatedServoIsAMotorFault() throws {
        let sim = try Self.stand()
        let chain = try Self.chain(sim)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.3)))
        sim.run(seconds: 0.3)
        chain.modify(id: 1) { $0.temperatureCelsius = 75 }
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.1))
        #expect(sim.stand.status().fault == .motor(axis: .yaw, problem: .overheated(celsius: 75, limitCelsius: 70)))
    }

    @Test(arguments: [Board.BusServo.Family.feetech, .dynamixel])
    func aServosOwnErrorBitsAreAMotorFault(_ family: Board.BusServo.Family) throws {
        let sim = try Self.stand(family)
        let chain = try Self.chain(sim)
        _ = try sim.send(.setAngularVelocity(Vector3(yaw: 0.3)))
        sim.run(seconds: 0.3)
        // Overload: Feetech's error byte bit 5; Dynamixel's register 70 bit 5 behind the alert bit.
        chain.modify(id: 1) { $0.hardwareErrorBits = 0x20 }
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.1))
        #expect(sim.stand.status().fault == .motor(axis: .yaw, problem: .overloaded))
    }

    /// A servo that never answers stops setup with the reason, before anything moves.
    @Test func aServoThatNeverAnswersStopsSetup() throws {
        let board = try BoardFixtures.load("sim-busservo.json5")
        let clock = ManualClock()
        var hardware = try MockHardware(board: board, clock: clock, transitionLogCapacity: 64).hardware
        hardware.byteDevices = EmptyChain(clock: clock)
        hardware.busClock = clock
        #expect {
            try Stand.make(board: board, hardware: hardware, playDemo: false)
        } throws: { error in
            "\(error)".contains("feetech bus servo ID 2 on pty at 1000000 baud did not answer")
        }
    }
}

/// A servo still powering up (or a simulated chain's thread not yet
/// scheduled) misses the first exchanges: setup asks again, and the stand
/// runs once it answers.
extension BusServoStandTests {
    @Test func aServoThatAnswersLateStillPassesSetup() throws {
        let board = try BoardFixtures.load("sim-busservo.json5")
        let clock = ManualClock()
        var hardware = try MockHardware(board: board, clock: clock, transitionLogCapacity: 64).hardware
        let chain = SlowToWakeChain(clock: clock, deafWrites: 5)
        hardware.byteDevices = chain
        hardware.busClock = clock
        _ = try Stand.make(board: board, hardware: hardware, playDemo: false)
        #expect(chain.writes > 5, "setup asked again after the deaf exchanges")
    }
}

/// Two Feetech servos (IDs 1 and 2) that hear nothing of the first `deafWrites` packets.
private final class SlowToWakeChain: ByteDeviceProvider, ByteDevice {
    let chain: SimulatedBusServoChain
    let deafWrites: Int
    private(set) var writes = 0

    init(clock: ManualClock, deafWrites: Int) {
        chain = SimulatedBusServoChain(
            family: .feetech,
            servos: [SimulatedBusServo(id: 1, family: .feetech, positionCounts: 2048),
                     SimulatedBusServo(id: 2, family: .feetech, positionCounts: 2048)],
            clock: clock)
        self.deafWrites = deafWrites
    }

    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice { self }
    var label: String { chain.label }
    var repliesAreImmediate: Bool { chain.repliesAreImmediate }

    func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError) {
        writes += 1
        if writes > deafWrites { try chain.write(bytes) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int {
        try chain.read(into: buffer, timeoutNanoseconds: timeoutNanoseconds)
    }

    func discardInput() { chain.discardInput() }
    func close() { chain.close() }
}

/// A bus with nobody on it.
private final class EmptyChain: ByteDeviceProvider {
    let clock: ManualClock
    init(clock: ManualClock) { self.clock = clock }
    func device(path: String, baudRate: Int) throws(HardwareError) -> any ByteDevice {
        SimulatedBusServoChain(family: .feetech, servos: [], clock: clock)
    }
}
