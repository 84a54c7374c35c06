// The writes Swivel's PCA9685, Pan-Tilt HAT and TMC2209 codecs build, for
// python/tests/test_part_packets.py to check against the vendors' own Python
// libraries (adafruit-circuitpython-pca9685, pantilthat, TMC-2209-Raspberry-Pi).
// A test tool: no firmware target depends on it.
//
//   swivel-part-packets encode          one "part name HEX" line per write
//   swivel-part-packets tmc2209-line N  a TMC2209 model at node N on a one-wire
//                                       UART: each stdin line of hex is what the
//                                       master sent, each stdout line what its RX reads
#if canImport(Glibc)
import Glibc
#endif
import SwivelHardware

func hex(_ bytes: [UInt8]) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count < 2 ? "0" + digits : digits
    }.joined(separator: " ")
}

func emit(_ part: String, _ name: String, _ write: I2CRegisterWrite) {
    print(part, name, hex(write.wireBytes))
}

func encodePCA9685() throws {
    for frequency in [50, 60] {
        let pwm = try PCA9685PWM(frequencyHertz: Double(frequency))
        for (index, step) in pwm.setupSequence.enumerated() {
            switch step {
            case .write(let write): emit("pca9685", "setup_\(frequency)_\(index)", write)
            case .pause(let microseconds): print("pca9685", "setup_\(frequency)_\(index)", "pause", microseconds)
            }
        }
        for channel in [0, 1, 15] {
            for pulse in [500, 1500, 2500] {
                emit("pca9685", "pulse_\(frequency)_\(channel)_\(pulse)", try pwm.pulseWrite(channel: channel, pulseNanoseconds: Int64(pulse) * 1000))
            }
        }
    }
    for channel in [0, 1, 15] {
        emit("pca9685", "off_\(channel)", try PCA9685PWM.fullyOffWrite(channel: channel))
    }
}

func encodePanTiltHAT() throws {
    let codec = try PanTiltHATCodec()
    var config = PanTiltHATConfig.libraryDefault
    emit("pantilthat", "setup", PanTiltHATCodec.configWrite(config))
    for servo in PanTiltHATServo.allCases {
        emit("pantilthat", "enable_alone_\(servo.rawValue)", PanTiltHATCodec.configWrite([.libraryDefault, .enabled(servo)]))
        config.insert(.enabled(servo))
        emit("pantilthat", "enable_\(servo.rawValue)", PanTiltHATCodec.configWrite(config))
    }
    for servo in PanTiltHATServo.allCases {
        config.remove(.enabled(servo))
        emit("pantilthat", "disable_\(servo.rawValue)", PanTiltHATCodec.configWrite(config))
    }
    for servo in PanTiltHATServo.allCases {
        for degrees in [-90, -45, -36, 0, 18, 45, 90] {
            let microseconds = try codec.libraryPulseMicroseconds(servo, degrees: Double(degrees))
            emit("pantilthat", "pulse_\(servo.rawValue)_\(degrees)", try codec.pulseWrite(servo, pulseNanoseconds: Int64(microseconds) * 1000))
        }
    }
}

func encodeTMC2209() throws {
    func write(_ name: String, _ node: UInt8, _ register: UInt8, _ value: UInt32) throws {
        print("tmc2209", name, hex(try TMC2209Datagram.write(node: node, register: register, value: value)))
    }
    try write("gconf_uart_stealthchop", 0, TMC2209Register.gconf, TMC2209GlobalConfig.uartStealthChop.rawValue)
    try write("gconf_spreadcycle_node3", 3, TMC2209Register.gconf, TMC2209GlobalConfig([.uartStealthChop, .enSpreadCycle]).rawValue)
    for microsteps in [1, 2, 16, 256] {
        let chopconf = TMC2209ChopperConfig(microsteps: microsteps)
        try write("chopconf_\(microsteps)", 0, TMC2209Register.chopconf, try chopconf.rawValue())
    }
    try write("chopconf_power_on_node1", 1, TMC2209Register.chopconf, TMC2209ChopperConfig.powerOnRawValue)
    // What the library's set_microstepping_resolution(16) and set_current(800) leave from the power-on CHOPCONF (tbl 0).
    try write("chopconf_16_tbl0_vsense", 0, TMC2209Register.chopconf, try TMC2209ChopperConfig(tbl: 0, vsense: true, microsteps: 16).rawValue())
    for milliamperes in [300, 800, 1200] {
        let setting = try TMC2209CurrentSetting(
            runRMSAmperes: Double(milliamperes) / 1000, holdRMSAmperes: Double(milliamperes) / 2000, senseResistorOhms: 0.11, iholdDelay: 10)
        print("tmc2209", "current_\(milliamperes)", setting.holdRun.irun, setting.holdRun.ihold, setting.vsense ? 1 : 0)
        try write("ihold_irun_\(milliamperes)", 0, TMC2209Register.iholdIrun, try setting.holdRun.rawValue())
    }
    try write("tpwmthrs_1000_16", 0, TMC2209Register.tpwmthrs, try TMC2209StealthChopThreshold.registerValue(stealthChopUpToStepsPerSecond: 1000, microsteps: 16))
    try write("vactual_0_node2", 2, TMC2209Register.vactual, 0)
    for register in [TMC2209Register.gconf, TMC2209Register.ifcnt, TMC2209Register.ioin, TMC2209Register.drvStatus] {
        print("tmc2209", "read_\(register)", hex(try TMC2209Datagram.readRequest(node: 0, register: register)))
    }
}

func serveTMC2209Line(node: UInt8) throws {
    var model = try TMC2209Model(node: node)
    while let line = readLine() {
        let bytes = line.split(separator: " ").compactMap { UInt8($0, radix: 16) }
        print(hex(model.receiveOnOneWireLine(bytes)))
        // Each datagram is its own burst: the gap between them is the chip's idle reset.
        model.lineIdle()
        fflush(nil)  // every output stream: naming stdout is not concurrency-safe in Swift 6
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "encode":
        try encodePCA9685()
        try encodePanTiltHAT()
        try encodeTMC2209()
    case "tmc2209-line":
        guard arguments.count == 2, let node = UInt8(arguments[1]) else {
            print("usage: swivel-part-packets tmc2209-line NODE")
            exit(64)
        }
        try serveTMC2209Line(node: node)
    default:
        print("usage: swivel-part-packets encode | tmc2209-line NODE")
        exit(64)
    }
} catch {
    print("error", error)
    exit(1)
}
