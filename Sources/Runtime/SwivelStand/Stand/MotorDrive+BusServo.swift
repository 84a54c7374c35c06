import SwivelBoard
import SwivelHardware

extension Board.BusServo: DrivenMotor {
    /// A serial bus servo: one slot on its chain's bus, which is opened with
    /// the chain's first servo; each servo must answer once before the stand
    /// runs, so a wiring, ID or baud mistake stops setup with its reason.
    static let drive = MotorDrive(
        makeActuator: { settings, hardware, _ throws(StandSetupError) in
            let s = try MotorDrive.settings(settings, as: Board.BusServo.self)
            let place = "\(s.protocolKind.rawValue) bus servo ID \(s.id) on \(s.device) at \(s.baud) baud"
            // One set of chains per stand, shared by every bus servo axis; started once all are added.
            let chains = hardware.motorResources.resource(BusServoResource.self) { BusServoResource(hardware) }.chains
            let bus: BusServoBus
            do throws(HardwareError) {
                bus = try chains.bus(
                    device: s.device, baudRate: s.baud, updateRateHz: s.updateRateHz, codec: BusServoDrives.codec(s.protocolKind))
            } catch {
                throw StandSetupError("\(place): \(error.reason)")
            }
            let slot = bus.addServo(id: UInt8(clamping: s.id))
            // Setup is not the tick: a servo still powering up, or the
            // simulated chain's thread not yet scheduled on a busy machine,
            // may miss one exchange (each gives up after about 2 ms), so
            // setup asks up to `setupExchanges` times before it refuses.
            var asked = 0
            repeat {
                bus.exchange()
                asked += 1
            } while slot.presentState == nil && asked < BusServoDrives.setupExchanges
            guard slot.presentState != nil else {
                throw StandSetupError("\(place) did not answer: check its power, its wiring (TX and RX joined for "
                    + "half duplex), its ID and the baud rate")
            }
            let geometry = BusServoGeometry(
                countsPerRadian: s.countsPerRadian, zeroCounts: s.zeroCounts, maximumCounts: s.countsPerRevolution - 1)
            return BusServoActuator(
                slot: slot, bus: bus, geometry: geometry, maxTemperatureCelsius: s.maxTemperatureCelsius,
                inlineClock: chains.inlineClock(for: bus))
        })
}

/// The stand's bus servo chains, on the devices `StandHardware.byteDevices`
/// opens: one bus per serial device, whose thread starts once every servo on
/// it is known and whose last exchange writes torque off at stop.
final class BusServoResource: MotorResource {
    let chains: BusServoChains

    init(_ hardware: StandHardware) {
        chains = BusServoChains(provider: hardware.byteDevices, clock: hardware.busClock)
    }

    func start() throws(StandSetupError) {
        do {
            try chains.start()
        } catch {
            throw StandSetupError("bus servos: \(error.reason)")
        }
    }

    func stop() { chains.stop() }
}

enum BusServoDrives {
    /// About 100 ms of asking at 1 Mbaud before a silent servo stops setup.
    static let setupExchanges = 40

    static func codec(_ family: Board.BusServo.Family) -> any BusServoCodec {
        switch family {
        case .feetech: FeetechCodec()
        case .dynamixel: DynamixelCodec()
        }
    }
}
