extension Board {
    /// A step/dir stepper's TMC2209 set up over its UART (`tmc2209` in the
    /// stepper's motor object): the stand writes the driver's microsteps,
    /// currents and chopper mode at start, confirms each write, and polls the
    /// driver's status for faults. Up to four drivers share one UART, told
    /// apart by the address their MS1/MS2 pins strap (docs/PARTS.md).
    public struct TMC2209UART: Equatable, Sendable {
        /// The UART (`/dev/ttyAMA0`), or `pty` for the simulated driver the simulated board serves.
        public var device: String
        public var baud: Int
        /// 0...3: MS1 is bit 0, MS2 bit 1.
        public var address: Int
        public var runCurrentAmperes: Double
        public var holdCurrentAmperes: Double
        public var senseResistorOhms: Double
        /// StealthChop (quiet) up to the threshold; SpreadCycle throughout when false.
        public var stealthChop: Bool
        /// Axis speed above which the driver changes to SpreadCycle; nil keeps StealthChop at every speed.
        public var stealthChopThresholdRadiansPerSecond: Double?

        public init(device: String, baud: Int = 115_200, address: Int, runCurrentAmperes: Double, holdCurrentAmperes: Double,
                    senseResistorOhms: Double = 0.11, stealthChop: Bool = true, stealthChopThresholdRadiansPerSecond: Double? = nil) {
            self.device = device
            self.baud = baud
            self.address = address
            self.runCurrentAmperes = runCurrentAmperes
            self.holdCurrentAmperes = holdCurrentAmperes
            self.senseResistorOhms = senseResistorOhms
            self.stealthChop = stealthChop
            self.stealthChopThresholdRadiansPerSecond = stealthChopThresholdRadiansPerSecond
        }

        /// The UART is shared by every driver on it at one baud rate; the address is one driver's.
        var claims: [MotorClaim] {
            [
                .shared(MotorClaim.serialDevice(device), terms: "TMC2209 UART at \(baud) baud"),
                .exclusive("TMC2209 address \(address) on \(device)"),
            ]
        }

        var summary: String {
            "TMC2209 address \(address) on \(device) at \(baud) baud, run \(ValueText.number(runCurrentAmperes)) A, "
                + "hold \(ValueText.number(holdCurrentAmperes)) A RMS, Rsense \(ValueText.number(senseResistorOhms)) Ω, "
                + (stealthChop
                    ? "StealthChop" + (stealthChopThresholdRadiansPerSecond.map { " up to \(ValueText.number($0)) rad/s" } ?? "")
                    : "SpreadCycle")
        }
    }
}
