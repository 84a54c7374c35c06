import SwivelHardware
import Testing

/// TMC2209 register values. The bit positions are the datasheet's (and
/// tmc-2209-raspberry-pi 0.5.7's `_TMC_2209_reg`); the current scales are its
/// `set_current` formula at the sense resistor it assumes (0.11 Ω).
@Suite struct TMC2209RegisterTests {
    @Test func gconfForUARTAndStealthChop() {
        #expect(TMC2209GlobalConfig.uartStealthChop.rawValue == 0x1C0)
        #expect(TMC2209GlobalConfig([.uartStealthChop, .enSpreadCycle, .iScaleAnalog]).rawValue == 0x1C5)
        #expect(TMC2209GlobalConfig.powerOn.rawValue == 0x101)
    }

    @Test func chopconfPacksAndMRESCountsDownFrom256() throws {
        #expect(try TMC2209ChopperConfig(tbl: 0, microsteps: 256).rawValue() == TMC2209ChopperConfig.powerOnRawValue)
        #expect(try TMC2209ChopperConfig(microsteps: 16).rawValue() == 0x1401_0053)
        #expect(try TMC2209ChopperConfig(toff: 0, microsteps: 1).rawValue() == 0x1801_0050)
        #expect(try TMC2209ChopperConfig(hend: 15, vsense: true, microsteps: 2).rawValue() == 0x1703_07D3)
        for (microsteps, mres) in [(256, 0), (128, 1), (64, 2), (32, 3), (16, 4), (8, 5), (4, 6), (2, 7), (1, 8)] {
            #expect(try TMC2209ChopperConfig.mres(microsteps: microsteps) == UInt32(mres))
        }
        let decoded = TMC2209ChopperConfig(rawValue: 0x1703_07D3)
        #expect(decoded == TMC2209ChopperConfig(hend: 15, vsense: true, microsteps: 2))
    }

    @Test func chopconfRefusesWhatItCannotPack() {
        for microsteps in [0, 3, 12, 100, 512, -16] {
            #expect(throws: TMC2209SettingError.microstepsNotPowerOfTwo(microsteps: microsteps)) { try TMC2209ChopperConfig.mres(microsteps: microsteps) }
        }
        #expect(throws: TMC2209SettingError.fieldOutOfRange(field: "toff", value: 16, range: 0...15)) { try TMC2209ChopperConfig(toff: 16).rawValue() }
        #expect(throws: TMC2209SettingError.fieldOutOfRange(field: "tbl", value: 4, range: 0...3)) { try TMC2209ChopperConfig(tbl: 4).rawValue() }
        #expect(throws: TMC2209SettingError.fieldOutOfRange(field: "hstrt", value: -1, range: 0...7)) { try TMC2209ChopperConfig(hstrt: -1).rawValue() }
    }

    @Test func currentsBecomeScalesWithVsenseBelowSixteen() throws {
        // 0.8 A at 0.11 Ω: CS would be 13.5 on 0.325 V, so 0.180 V: 25.1 → 25, hold 0.4 A → 12.
        let low = try TMC2209CurrentSetting(runRMSAmperes: 0.8, holdRMSAmperes: 0.4, senseResistorOhms: 0.11, iholdDelay: 10)
        #expect(low.vsense)
        #expect(low.holdRun == TMC2209HoldRunCurrent(ihold: 12, irun: 25, iholdDelay: 10))
        #expect(try low.holdRun.rawValue() == 0x000A_190C)
        // 1.2 A: 20.7 on 0.325 V stays there.
        let high = try TMC2209CurrentSetting(runRMSAmperes: 1.2, holdRMSAmperes: 0.6, senseResistorOhms: 0.11, iholdDelay: 0)
        #expect(!high.vsense)
        #expect(high.holdRun == TMC2209HoldRunCurrent(ihold: 10, irun: 21, iholdDelay: 0))
        // Clamped at 31 (2 A through 0.22 Ω wants 46) and at 0.
        let clamped = try TMC2209CurrentSetting(runRMSAmperes: 2, holdRMSAmperes: 0, senseResistorOhms: 0.22, iholdDelay: 1)
        #expect(clamped.holdRun.irun == 31 && clamped.holdRun.ihold == 0)
        #expect(abs(TMC2209CurrentSetting.rmsAmperes(scale: 25, senseResistorOhms: 0.11, vsense: true) - 0.7956) < 0.0005)
    }

    @Test func badCurrentsAreRefused() {
        for amperes in [0, -0.1, 2.1, .nan, .infinity] {
            #expect(throws: TMC2209SettingError.self) {
                try TMC2209CurrentSetting(runRMSAmperes: amperes, holdRMSAmperes: 0.1, senseResistorOhms: 0.11, iholdDelay: 0)
            }
        }
        #expect(throws: TMC2209SettingError.currentOutOfRange(amperes: -1)) {
            try TMC2209CurrentSetting(runRMSAmperes: 1, holdRMSAmperes: -1, senseResistorOhms: 0.11, iholdDelay: 0)
        }
        #expect(throws: TMC2209SettingError.senseResistorOutOfRange(ohms: 0)) {
            try TMC2209CurrentSetting(runRMSAmperes: 1, holdRMSAmperes: 0.5, senseResistorOhms: 0, iholdDelay: 0)
        }
        #expect(throws: TMC2209SettingError.fieldOutOfRange(field: "iholddelay", value: 16, range: 0...15)) {
            try TMC2209CurrentSetting(runRMSAmperes: 1, holdRMSAmperes: 0.5, senseResistorOhms: 0.11, iholdDelay: 16)
        }
        #expect(throws: TMC2209SettingError.fieldOutOfRange(field: "irun", value: 32, range: 0...31)) {
            try TMC2209HoldRunCurrent(ihold: 0, irun: 32, iholdDelay: 0).rawValue()
        }
    }

    @Test func stealthChopThresholdIsTheTSTEPOfTheFastestStealthChopRate() throws {
        // 1000 steps/s at 16 microsteps: 12 MHz × 16 / (256 × 1000) = 750 clocks per 1/256 microstep.
        #expect(try TMC2209StealthChopThreshold.registerValue(stealthChopUpToStepsPerSecond: 1000, microsteps: 16) == 750)
        #expect(try TMC2209StealthChopThreshold.tstep(stepsPerSecond: 3000, microsteps: 256) == 4000)
        #expect(throws: TMC2209SettingError.rateOutOfRange(hertz: 0)) { try TMC2209StealthChopThreshold.tstep(stepsPerSecond: 0, microsteps: 16) }
        // So slow that TSTEP would not fit 20 bits.
        #expect(throws: TMC2209SettingError.rateOutOfRange(hertz: 0.01)) { try TMC2209StealthChopThreshold.tstep(stepsPerSecond: 0.01, microsteps: 16) }
        #expect(throws: TMC2209SettingError.microstepsNotPowerOfTwo(microsteps: 10)) { try TMC2209StealthChopThreshold.tstep(stepsPerSecond: 100, microsteps: 10) }
    }

    @Test func ifcntConfirmsWritesAcrossTheWrap() {
        #expect(TMC2209InterfaceCounter.isConfirmed(before: 4, after: 5))
        #expect(TMC2209InterfaceCounter.isConfirmed(before: 255, after: 0))
        #expect(!TMC2209InterfaceCounter.isConfirmed(before: 7, after: 7))
        #expect(!TMC2209InterfaceCounter.isConfirmed(before: 7, after: 9))
        #expect(TMC2209InterfaceCounter.isConfirmed(before: 254, after: 1, writesSent: 3))
        #expect(TMC2209InterfaceCounter.count(registerValue: 0x0000_01FF) == 0xFF)
    }

    @Test func drvStatusDecodesIntoFaultReasons() {
        let quiet = TMC2209DriverStatus(rawValue: 0xC010_0000)
        #expect(quiet.stst && quiet.stealth && quiet.csActual == 16 && quiet.faults.isEmpty && !quiet.isDriverShutDown)
        let shorted = TMC2209DriverStatus(rawValue: 1 << 3 | 1 << 4 | 1 << 0)
        #expect(shorted.faults == [.shortToGround(.b), .shortToSupply(.a), .overTemperatureWarning])
        #expect(shorted.isDriverShutDown)
        let hot = TMC2209DriverStatus(rawValue: 1 << 1 | 1 << 8 | 1 << 9 | 1 << 10)
        #expect(hot.ot && hot.t120 && hot.t143 && hot.t150 && !hot.t157)
        #expect(hot.faults == [.overTemperature])
        let open = TMC2209DriverStatus(rawValue: 1 << 6 | 1 << 7 | 1 << 2 | 1 << 5)
        #expect(open.faults == [.shortToGround(.a), .shortToSupply(.b), .openLoad(.a), .openLoad(.b)])
        #expect(!TMC2209DriverStatus(rawValue: 1 << 6).isDriverShutDown)
        #expect(TMC2209DriverFault.shortToGround(.a).description == "TMC2209 short to ground on phase A")
    }
}

@Suite struct TMC2209ConfigurationTests {
    @Test func setupIsGSTATThenGCONFCHOPCONFIHOLDIRUNTPWMTHRS() throws {
        let configuration = TMC2209Configuration(
            microsteps: 16, runRMSAmperes: 0.8, holdRMSAmperes: 0.4, senseResistorOhms: 0.11, iholdDelay: 10,
            stealthChopUpToStepsPerSecond: 1000)
        #expect(
            try configuration.setupWrites() == [
                TMC2209RegisterWrite(register: 0x01, value: 0x7),
                TMC2209RegisterWrite(register: 0x00, value: 0x1C0),
                // vsense (bit 17) because 0.8 A through 0.11 Ω is below CS 16 on the coarse range.
                TMC2209RegisterWrite(register: 0x6C, value: 0x1403_0053),
                TMC2209RegisterWrite(register: 0x10, value: 0x000A_190C),
                TMC2209RegisterWrite(register: 0x13, value: 750),
            ])
        #expect(try configuration.disableWrite() == TMC2209RegisterWrite(register: 0x6C, value: 0x1403_0050))
        #expect(try configuration.setupWrites()[1].datagram(node: 0) == [0x05, 0x00, 0x80, 0x00, 0x00, 0x01, 0xC0, 0xF6])
    }

    @Test func eachSetupWriteIsConfirmedByTheModelsIFCNT() throws {
        var chip = try TMC2209Model(node: 2)
        func ifcnt() throws -> UInt8 {
            let line = chip.receiveOnOneWireLine(try TMC2209Datagram.readRequest(node: 2, register: TMC2209Register.ifcnt))
            return TMC2209InterfaceCounter.count(registerValue: try TMC2209Datagram.decodeReply(Array(line.dropFirst(4)), register: TMC2209Register.ifcnt))
        }
        let writes = try TMC2209Configuration(microsteps: 32, runRMSAmperes: 0.6, holdRMSAmperes: 0.3).setupWrites()
        for write in writes {
            let before = try ifcnt()
            _ = chip.receiveOnOneWireLine(try write.datagram(node: 2))
            #expect(TMC2209InterfaceCounter.isConfirmed(before: before, after: try ifcnt()))
        }
        #expect(chip.register(TMC2209Register.gstat) == 0)
        #expect(TMC2209ChopperConfig(rawValue: chip.register(TMC2209Register.chopconf)).microsteps == 32)
        // A write to another node is not confirmed.
        let before = try ifcnt()
        _ = chip.receiveOnOneWireLine(try writes[1].datagram(node: 1))
        #expect(!TMC2209InterfaceCounter.isConfirmed(before: before, after: try ifcnt()))
    }

    @Test func spreadCycleShaftAndNoThreshold() throws {
        let writes = try TMC2209Configuration(
            microsteps: 8, runRMSAmperes: 1.2, holdRMSAmperes: 0.6, spreadCycle: true, shaft: true
        ).setupWrites()
        #expect(writes[1].value == 0x1CC)
        #expect(writes[2].value == 0x1501_0053)
        #expect(writes[4].value == 0)
    }

    @Test func badSettingsAreRefused() {
        #expect(throws: TMC2209SettingError.microstepsNotPowerOfTwo(microsteps: 12)) {
            try TMC2209Configuration(microsteps: 12, runRMSAmperes: 1, holdRMSAmperes: 0.5).setupWrites()
        }
        #expect(throws: TMC2209SettingError.fieldOutOfRange(field: "toff", value: 0, range: 1...15)) {
            try TMC2209Configuration(microsteps: 16, runRMSAmperes: 1, holdRMSAmperes: 0.5, chopper: TMC2209ChopperConfig(toff: 0)).setupWrites()
        }
        #expect(throws: TMC2209SettingError.currentOutOfRange(amperes: 3)) {
            try TMC2209Configuration(microsteps: 16, runRMSAmperes: 3, holdRMSAmperes: 0.5).setupWrites()
        }
        #expect(throws: TMC2209SettingError.rateOutOfRange(hertz: -5)) {
            try TMC2209Configuration(microsteps: 16, runRMSAmperes: 1, holdRMSAmperes: 0.5, stealthChopUpToStepsPerSecond: -5).setupWrites()
        }
    }
}
