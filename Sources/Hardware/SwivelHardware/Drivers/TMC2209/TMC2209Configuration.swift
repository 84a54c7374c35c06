/// One register write, before it is framed for a node.
public struct TMC2209RegisterWrite: Equatable, Sendable {
    public let register: UInt8
    public let value: UInt32

    public init(register: UInt8, value: UInt32) {
        self.register = register
        self.value = value
    }

    public func datagram(node: UInt8) throws(TMC2209DatagramError) -> [UInt8] {
        try TMC2209Datagram.write(node: node, register: register, value: value)
    }
}

/// What a stand's board asks of one TMC2209, as the ordered writes that set it
/// up over the UART. Each write is to be confirmed through IFCNT
/// (`TMC2209InterfaceCounter`): the chip acknowledges nothing else.
public struct TMC2209Configuration: Equatable, Sendable {
    public var microsteps: Int
    public var runRMSAmperes: Double
    public var holdRMSAmperes: Double
    public var senseResistorOhms: Double
    /// 0...15: how gradually the current falls to the hold current at standstill.
    public var iholdDelay: Int
    /// StealthChop up to this rate, SpreadCycle above; nil keeps StealthChop at all speeds.
    public var stealthChopUpToStepsPerSecond: Double?
    /// SpreadCycle throughout instead of StealthChop.
    public var spreadCycle: Bool
    /// Reverses the motor's direction in the chip rather than on the DIR line.
    public var shaft: Bool
    /// Chopper timing; its microsteps and vsense are replaced by the configuration's.
    public var chopper: TMC2209ChopperConfig

    public init(
        microsteps: Int, runRMSAmperes: Double, holdRMSAmperes: Double, senseResistorOhms: Double = 0.11, iholdDelay: Int = 8,
        stealthChopUpToStepsPerSecond: Double? = nil, spreadCycle: Bool = false, shaft: Bool = false,
        chopper: TMC2209ChopperConfig = TMC2209ChopperConfig()
    ) {
        self.microsteps = microsteps
        self.runRMSAmperes = runRMSAmperes
        self.holdRMSAmperes = holdRMSAmperes
        self.senseResistorOhms = senseResistorOhms
        self.iholdDelay = iholdDelay
        self.stealthChopUpToStepsPerSecond = stealthChopUpToStepsPerSecond
        self.spreadCycle = spreadCycle
        self.shaft = shaft
        self.chopper = chopper
    }

    /// GSTAT cleared first (so a later reset flag means the chip lost this set-up), then GCONF,
    /// CHOPCONF, IHOLD_IRUN, TPWMTHRS.
    public func setupWrites() throws(TMC2209SettingError) -> [TMC2209RegisterWrite] {
        let current = try TMC2209CurrentSetting(
            runRMSAmperes: runRMSAmperes, holdRMSAmperes: holdRMSAmperes, senseResistorOhms: senseResistorOhms, iholdDelay: iholdDelay)
        var global = TMC2209GlobalConfig.uartStealthChop
        if spreadCycle { global.insert(.enSpreadCycle) }
        if shaft { global.insert(.shaft) }
        let threshold = try stealthChopUpToStepsPerSecond.map { (rate) throws(TMC2209SettingError) in
            try TMC2209StealthChopThreshold.registerValue(stealthChopUpToStepsPerSecond: rate, microsteps: microsteps)
        } ?? TMC2209StealthChopThreshold.stealthChopAtAllSpeeds
        return [
            TMC2209RegisterWrite(
                register: TMC2209Register.gstat,
                value: TMC2209GlobalStatus([.reset, .driverError, .chargePumpUndervoltage]).rawValue),
            TMC2209RegisterWrite(register: TMC2209Register.gconf, value: global.rawValue),
            TMC2209RegisterWrite(register: TMC2209Register.chopconf, value: try chopconfValue(vsense: current.vsense, enabled: true)),
            TMC2209RegisterWrite(register: TMC2209Register.iholdIrun, value: try current.holdRun.rawValue()),
            TMC2209RegisterWrite(register: TMC2209Register.tpwmthrs, value: threshold),
        ]
    }

    /// CHOPCONF with toff 0: the bridges off, the motor free, whatever ENN says.
    public func disableWrite() throws(TMC2209SettingError) -> TMC2209RegisterWrite {
        let current = try TMC2209CurrentSetting(
            runRMSAmperes: runRMSAmperes, holdRMSAmperes: holdRMSAmperes, senseResistorOhms: senseResistorOhms, iholdDelay: iholdDelay)
        return TMC2209RegisterWrite(register: TMC2209Register.chopconf, value: try chopconfValue(vsense: current.vsense, enabled: false))
    }

    private func chopconfValue(vsense: Bool, enabled: Bool) throws(TMC2209SettingError) -> UInt32 {
        var chopper = chopper
        chopper.microsteps = microsteps
        chopper.vsense = vsense
        if !enabled { chopper.toff = 0 }
        // toff 0 is the disabled state; asked for in the set-up it would leave the motor free.
        if enabled { try TMC2209SettingError.check("toff", chopper.toff, 1...15) }
        return try chopper.rawValue()
    }
}
