import SwivelHardware
import SwivelTestSupport
import Testing

/// The TMC2209 bus against the register model on an in-memory one-wire line:
/// set-up writes confirmed by IFCNT and read back, the refusals' reasons, and
/// the status poll into the shared fault vocabulary.
@Suite struct TMC2209BusTests {
    static let yaw = TMC2209Configuration(
        microsteps: 16, runRMSAmperes: 0.8, holdRMSAmperes: 0.4, stealthChopUpToStepsPerSecond: 1528)
    static let pitch = TMC2209Configuration(microsteps: 32, runRMSAmperes: 0.6, holdRMSAmperes: 0.3, senseResistorOhms: 0.15)

    static func bus(_ line: ModelLine, _ nodes: [(UInt8, TMC2209Configuration)]) -> TMC2209Bus {
        let bus = TMC2209Bus(line: TMC2209Line(device: line, path: "/dev/ttyTEST"))
        for (address, configuration) in nodes { bus.add(TMC2209Node(address: address, configuration: configuration)) }
        return bus
    }

    @Test(arguments: [true, false])
    func setUpLeavesEveryDriverHoldingItsConfiguration(echo: Bool) throws {
        let line = try ModelLine(addresses: [0, 1], echo: echo)
        try Self.bus(line, [(0, Self.yaw), (1, Self.pitch)]).setUp()
        for (address, configuration) in [(UInt8(0), Self.yaw), (1, Self.pitch)] {
            let model = try #require(line.models[address])
            let writes = try configuration.setupWrites()
            for write in writes where write.register != TMC2209Register.gstat {
                #expect(model.register(write.register) == write.value, "address \(address) register \(write.register)")
            }
            #expect(model.register(TMC2209Register.gstat) == 0, "the reset flag cleared")
            #expect(model.interfaceCount == UInt8(writes.count), "one counted write per set-up write, no more")
        }
        // The microsteps are in CHOPCONF's MRES: 16 is 4, 32 is 3.
        #expect((line.models[0]?.register(TMC2209Register.chopconf) ?? 0) >> 24 & 0xF == 4)
        #expect((line.models[1]?.register(TMC2209Register.chopconf) ?? 0) >> 24 & 0xF == 3)
        #expect(line.models[0]?.register(TMC2209Register.tpwmthrs) != 0)
    }

    @Test func aDriverThatDoesNotAnswerStopsTheSetUpWithItsAddress() throws {
        let line = try ModelLine(addresses: [0], echo: true)
        #expect(throws: TMC2209SetupError.silent(.init(address: 1, device: "/dev/ttyTEST"), register: TMC2209Register.ifcnt)) {
            try Self.bus(line, [(0, Self.yaw), (1, Self.pitch)]).setUp()
        }
        let reason = TMC2209SetupError.silent(.init(address: 1, device: "/dev/ttyTEST"), register: TMC2209Register.ifcnt).description
        #expect(reason.hasPrefix("TMC2209 at address 1 on /dev/ttyTEST did not answer (no reply to IFCNT read)"))
    }

    @Test func aWriteTheDriverDidNotCountIsRefused() throws {
        let line = try ModelLine(addresses: [0], echo: true)
        line.dropWrites = [TMC2209Register.chopconf]
        do {
            try Self.bus(line, [(0, Self.yaw)]).setUp()
            Issue.record("set-up passed with CHOPCONF lost")
        } catch {
            guard case .writeNotCounted(_, let register, let before, let after) = error else { throw error }
            #expect(register == TMC2209Register.chopconf && after == before)
            #expect(error.description.contains("did not take the CHOPCONF write (IFCNT went from 2 to 2, expected 3)"), "\(error)")
        }
    }

    @Test func aDriverHoldingSomethingElseIsRefusedWithBothValues() throws {
        let line = try ModelLine(addresses: [0], echo: true)
        line.alterChopconf = { $0 & ~0x0F00_0000 }  // MRES forced to 256 microsteps, as a chip with OTP set might
        let written = try #require(try Self.yaw.setupWrites().first { $0.register == TMC2209Register.chopconf }).value
        do {
            try Self.bus(line, [(0, Self.yaw)]).setUp()
            Issue.record("set-up passed with CHOPCONF different")
        } catch {
            #expect(error == .readBack(.init(address: 0, device: "/dev/ttyTEST"), register: TMC2209Register.chopconf,
                                       written: written, read: written & ~0x0F00_0000))
            #expect(error.description.hasPrefix("TMC2209 at address 0 on /dev/ttyTEST: CHOPCONF read back 0x"), "\(error)")
            #expect(error.description.contains("where 0x\(String(written, radix: 16, uppercase: true)) was written"), "\(error)")
        }
    }

    @Test func thePollTurnsShutdownsIntoMotorProblemsAndIgnoresWarnings() throws {
        let line = try ModelLine(addresses: [0, 1], echo: true)
        let bus = Self.bus(line, [(0, Self.yaw), (1, Self.pitch)])
        try bus.setUp()
        let yaw = bus.nodes[0], pitch = bus.nodes[1]
        bus.poll()
        #expect(yaw.problem == nil && pitch.problem == nil)
        let resting: UInt32 = 1 << 31 | 1 << 30
        let cases: [(UInt32, MotorProblem?)] = [
            (resting | 1 << 0, nil),                           // pre-warning only
            (resting | 1 << 6 | 1 << 7, nil),                  // open load: StealthChop at rest says so falsely
            (resting | 1 << 1 | 1 << 0, .overheating),
            (resting | 1 << 3, .shortToGround(coil: .b)),
            (resting | 1 << 2 | 1 << 1, .overheating),         // the most severe first
            (resting | 1 << 4, .shortToSupply(coil: .a)),
            (resting, nil),                                    // cooled and re-enabled: no longer reported
        ]
        for (status, problem) in cases {
            line.models[1]?.setDriverStatus(TMC2209DriverStatus(rawValue: status))
            bus.poll()
            #expect(pitch.problem == problem, "DRV_STATUS 0x\(String(status, radix: 16))")
            #expect(yaw.problem == nil, "the other driver is untouched")
        }
        line.models[0]?.raiseGlobalStatus(.reset)
        bus.poll()
        #expect(yaw.problem == .lostSettings)
    }

    @Test func aDriverSilentForHalfASecondIsAFault() throws {
        let line = try ModelLine(addresses: [0], echo: true)
        let bus = Self.bus(line, [(0, Self.yaw)])
        try bus.setUp()
        line.models[0] = nil
        for _ in 1..<TMC2209Node.silentAfterMissedPolls { bus.poll() }
        #expect(bus.nodes[0].problem == nil, "a poll or four may be lost to noise")
        bus.poll()
        #expect(bus.nodes[0].problem == .silent(missedExchanges: TMC2209Node.silentAfterMissedPolls))
    }

    @Test func theStepperReportsItsDriversProblemAsAMotorFault() throws {
        let line = try ModelLine(addresses: [0], echo: true)
        let bus = Self.bus(line, [(0, Self.yaw)])
        try bus.setUp()
        let rig = try StepperAxisRig(naturalFrequencyHz: 120, dampingRatio: 0.7, coastDeceleration: 0)
        let stepper = TMC2209Stepper(stepper: rig.driver, node: bus.nodes[0])
        #expect(stepper.fault == nil)
        line.models[0]?.setDriverStatus(TMC2209DriverStatus(rawValue: 1 << 2))
        bus.poll()
        #expect(stepper.fault == .shortToGround(coil: .a))
    }
}

/// TMC2209 models behind one UART, as a byte device that answers at once:
/// with `echo` the line hands back every byte first (PDN_UART joined to TX
/// through 1 kΩ). A test may make the line lose writes or a chip alter one.
final class ModelLine: ByteDevice {
    var models: [UInt8: TMC2209Model] = [:]
    let echo: Bool
    var dropWrites: Set<UInt8> = []
    var alterChopconf: ((UInt32) -> UInt32)?
    private var output: [UInt8] = []

    init(addresses: [UInt8], echo: Bool) throws {
        self.echo = echo
        for address in addresses { models[address] = try TMC2209Model(node: address) }
    }

    var label: String { "model line" }
    var repliesAreImmediate: Bool { true }

    func write(_ bytes: UnsafeRawBufferPointer) throws(HardwareError) {
        var datagram = Array(bytes)
        if echo { output += datagram }
        if let request = try? TMC2209Datagram.decodeRequest(datagram), case .write(let node, let register, let value) = request {
            if dropWrites.contains(register) { return }
            if register == TMC2209Register.chopconf, let alter = alterChopconf {
                datagram = (try? TMC2209Datagram.write(node: node, register: register, value: alter(value))) ?? datagram
            }
        }
        for address in models.keys.sorted() { output += models[address]!.receive(datagram) }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, timeoutNanoseconds: Int64) throws(HardwareError) -> Int {
        let count = min(buffer.count, output.count)
        for index in 0..<count { buffer[index] = output[index] }
        output.removeFirst(count)
        return count
    }

    func discardInput() { output.removeAll() }
    func close() {}
}
