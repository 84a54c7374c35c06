import SwivelBoard
import SwivelCore
import SwivelHardware
import SwivelStand
import SwivelSim
import SwivelSimBackend
import SwivelStandHarness
import Testing

/// boards/sim-tmc2209.json5 in virtual time: the stand sets up both simulated
/// drivers over their shared UART before it runs, and a fault a driver
/// reports in DRV_STATUS stops the stand with that reason.
@Suite struct TMC2209StandTests {
    @Test func afterStartEachDriverHoldsTheBoardsConfiguration() throws {
        let board = try BoardFixtures.load("sim-tmc2209.json5")
        let sim = try VirtualStand(board: board)
        let chain = try #require(sim.simulation.tmc2209Chain)
        for axis in [Axis.yaw, .pitch] {
            let stepper = try #require(board.axes.perAxis[axis]?.motor.stepper)
            let uart = try #require(stepper.tmc2209)
            let model = try #require(chain.model(address: UInt8(uart.address)))
            // What the board says, computed independently of the set-up's writes.
            let current = try TMC2209CurrentSetting(
                runRMSAmperes: uart.runCurrentAmperes, holdRMSAmperes: uart.holdCurrentAmperes,
                senseResistorOhms: uart.senseResistorOhms, iholdDelay: 8)
            let chopconf = model.register(TMC2209Register.chopconf)
            #expect(chopconf >> 24 & 0xF == UInt32(try TMC2209ChopperConfig.mres(microsteps: stepper.microsteps)), "\(axis) MRES")
            #expect(chopconf & 0xF != 0, "\(axis): toff set, the bridges on")
            #expect((chopconf >> 17 & 1 == 1) == current.vsense, "\(axis) vsense")
            #expect(model.register(TMC2209Register.iholdIrun) == (try current.holdRun.rawValue()), "\(axis) IHOLD_IRUN")
            let gconf = TMC2209GlobalConfig(rawValue: model.register(TMC2209Register.gconf))
            #expect(gconf.contains(.mstepRegSelect) && gconf.contains(.pdnDisable), "\(axis): microsteps from CHOPCONF, UART on PDN")
            #expect(gconf.contains(.enSpreadCycle) == !uart.stealthChop)
            let threshold = model.register(TMC2209Register.tpwmthrs)
            if let radiansPerSecond = uart.stealthChopThresholdRadiansPerSecond {
                let stepsPerSecond = radiansPerSecond * stepper.microstepsPerRadian
                #expect(threshold == UInt32((12e6 * Double(stepper.microsteps) / (256 * stepsPerSecond)).rounded(.down)), "\(axis) TPWMTHRS")
            } else {
                #expect(threshold == 0, "\(axis): StealthChop at every speed")
            }
            #expect(model.register(TMC2209Register.gstat) == 0)
        }
    }

    @Test func anOverTemperatureInDriverStatusIsAMotorFaultWithItsReason() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-tmc2209.json5"))
        let chain = try #require(sim.simulation.tmc2209Chain)
        sim.run(seconds: 0.1)
        sim.simulation.pollTMC2209Drivers()
        #expect(sim.stand.status().fault == nil)
        chain.modify(address: 1) { $0.setDriverStatus(TMC2209DriverStatus(rawValue: 1 << 31 | 1 << 1 | 1 << 0)) }
        sim.simulation.pollTMC2209Drivers()
        #expect(sim.run(until: { $0.fault != nil }, timeoutSeconds: 0.1))
        let fault = sim.stand.status().fault
        #expect(fault == .motor(axis: .pitch, problem: .overheating))
        #expect(fault?.description == "pitch's motor stopped the stand: it reports overheating")
    }

    /// A driver whose logic supply dipped is back at its power-on defaults
    /// (other microsteps, full current, SpreadCycle). It must never be driven
    /// so: the reset is a fault, and clearing the fault does not make the
    /// driver good again, since GSTAT's reset flag stays set until a set-up
    /// clears it; the fault comes back at the next poll and says to restart.
    @Test func aResetDriverStaysAFaultUntilItIsSetUpAgain() throws {
        let sim = try VirtualStand(board: try BoardFixtures.load("sim-tmc2209.json5"))
        let chain = try #require(sim.simulation.tmc2209Chain)
        sim.run(seconds: 0.1)
        chain.modify(address: 0) { $0.raiseGlobalStatus(.reset) }
        sim.simulation.pollTMC2209Drivers()
        #expect(sim.run(until: \.faultDisabled, timeoutSeconds: 1))
        let fault = try #require(sim.stand.status().fault)
        guard case .motor(_, .lostSettings) = fault else {
            Issue.record("expected lostSettings, got \(fault)")
            return
        }
        #expect(fault.description.contains("restart swiveld"), "\(fault.description)")
        _ = try sim.send(.clearFault)
        sim.simulation.pollTMC2209Drivers()
        sim.run(seconds: 0.5)
        #expect(sim.stand.status().fault == fault, "the fault is back: the driver still holds its defaults")
        #expect(throws: (any Error).self) { try sim.send(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.5, roll: 0))) }
    }
}
