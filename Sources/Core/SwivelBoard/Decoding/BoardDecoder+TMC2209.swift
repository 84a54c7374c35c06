/// A stepper's `tmc2209` object: its driver set up over the UART.
extension BoardKeys {
    static let tmc2209 = ["device", "baud", "address", "runCurrentAmps", "holdCurrentAmps", "senseResistorOhms",
                          "stealthChop", "stealthChopThresholdRadPerSec"]
}

extension BoardDecoder {
    /// The microsteps are the stepper's own `microsteps`: the set-up writes them
    /// into CHOPCONF, since MS1/MS2 hold the address and no longer select them.
    func decodeTMC2209UART(_ motor: ObjectFields) -> Board.TMC2209UART? {
        guard let fields = object(motor, "tmc2209", allowed: BoardKeys.tmc2209, required: true) else { return nil }
        let device = serialDevice(fields, example: "/dev/ttyAMA0")
        if let device { noteUARTPins(device: device.value, path: fields.path, fileLine: device.line) }
        // The chip detects the baud rate from the sync byte between 9600 and 500 000.
        let baud = integer(fields, "baud", oneOf: BoardKeys.bauds.filter { $0 <= 500_000 }, default: 115_200)
        let address = integer(fields, "address", in: 0...3)
        let run = number(fields, "runCurrentAmps", .closed(0.05, 2))
        let hold = number(fields, "holdCurrentAmps", .closed(0, 2))
        let sense = number(fields, "senseResistorOhms", .closed(0.05, 1), default: 0.11)
        let stealthChop = bool(fields, "stealthChop", default: true)
        let threshold = fields.has("stealthChopThresholdRadPerSec")
            ? number(fields, "stealthChopThresholdRadPerSec", .closed(0.001, 1000)) : nil

        var consistent = true
        if let run, let hold, hold.value > run.value {
            report(hold, "must be at most runCurrentAmps (\(ValueText.number(run.value))), found \(ValueText.number(hold.value))")
            consistent = false
        }
        if let run, let sense {
            // The largest current scale (31) at the coarse full scale of 0.325 V over Rsense plus the chip's 20 mΩ.
            let most = 0.325 / (sense.value + 0.02) / 2.0.squareRoot()
            if run.value > most {
                report(run, "\(ValueText.number(run.value)) A RMS is more than the \(ValueText.number((most * 100).rounded(.down) / 100)) A "
                    + "a TMC2209 can drive with a \(ValueText.number(sense.value)) Ω sense resistor")
                consistent = false
            }
        }
        if let stealthChop, !stealthChop.value, let threshold {
            report(threshold, "a StealthChop threshold needs stealthChop: true; with false the driver is in SpreadCycle at every speed")
            consistent = false
        }
        guard consistent, let device, let baud, let address, let run, let hold, let sense, let stealthChop,
              threshold != nil || !fields.has("stealthChopThresholdRadPerSec") else { return nil }
        return Board.TMC2209UART(
            device: device.value, baud: baud.value, address: address.value, runCurrentAmperes: run.value,
            holdCurrentAmperes: hold.value, senseResistorOhms: sense.value, stealthChop: stealthChop.value,
            stealthChopThresholdRadiansPerSecond: threshold?.value)
    }
}
