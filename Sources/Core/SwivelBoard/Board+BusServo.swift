extension Board {
    /// A serial bus servo with its own encoder (Feetech STS3215, Dynamixel
    /// X series), one of a chain on a half-duplex UART. Every bus servo on
    /// the same `device` shares one bus: one protocol, baud and update rate,
    /// distinct IDs, and both axes' goals in one sync-write packet.
    public struct BusServo: Equatable, Sendable {
        public enum Family: String, Equatable, Sendable, CaseIterable {
            /// Feetech STS/SMS (little-endian registers): STS3215 and kin.
            case feetech
            /// ROBOTIS Dynamixel Protocol 2.0: the X series.
            case dynamixel
        }

        public var protocolKind: Family
        /// The UART (`/dev/serial0`), or `pty` for the simulated chain the
        /// simulated board serves on a pseudo-terminal.
        public var device: String
        public var baud: Int
        /// The servo's ID on its bus (0…252).
        public var id: Int
        /// Encoder counts per servo turn (4096 on both families).
        public var countsPerRevolution: Int
        /// Servo turns per axis turn.
        public var gearRatio: Double
        /// The count the servo reads when the axis is at 0 rad.
        public var zeroCounts: Int
        /// Counts fall as the axis angle rises.
        public var invert: Bool
        /// Above this the stand stops with a motor fault.
        public var maxTemperatureCelsius: Int
        /// Exchanges per second on the bus: a sync write of every goal and a
        /// read of every servo's state.
        public var updateRateHz: Int

        public init(protocolKind: Family, device: String, baud: Int, id: Int, countsPerRevolution: Int = 4096,
                    gearRatio: Double = 1, zeroCounts: Int = 2048, invert: Bool = false,
                    maxTemperatureCelsius: Int = 70, updateRateHz: Int = 100) {
            self.protocolKind = protocolKind
            self.device = device
            self.baud = baud
            self.id = id
            self.countsPerRevolution = countsPerRevolution
            self.gearRatio = gearRatio
            self.zeroCounts = zeroCounts
            self.invert = invert
            self.maxTemperatureCelsius = maxTemperatureCelsius
            self.updateRateHz = updateRateHz
        }

        /// Counts per radian of axis rotation, signed by `invert`.
        public var countsPerRadian: Double {
            Double(countsPerRevolution) * gearRatio / (2 * Double.pi) * (invert ? -1 : 1)
        }

        /// The axis angle at `counts`.
        public func radians(atCounts counts: Double) -> Double { (counts - Double(zeroCounts)) / countsPerRadian }

        /// The count for the axis angle `radians`.
        public func counts(atRadians radians: Double) -> Double { Double(zeroCounts) + radians * countsPerRadian }
    }
}

extension Board.BusServo: MotorSettings {
    public static let typeName = "busServo"
    /// It reads its own angle at power-up.
    public var isAbsolute: Bool { true }

    public func maximumStepsPerTick(loopRateHz: Int) -> Int { 0 }

    public var ownEncoderCountsPerAxisTurn: Double? { Double(countsPerRevolution) * gearRatio }

    public var summary: String {
        "\(protocolKind.rawValue) bus servo ID \(id) on \(device) at \(baud) baud, \(updateRateHz) Hz, "
            + "\(countsPerRevolution) counts/rev, zero at \(zeroCounts)\(invert ? ", inverted" : ""), ≤ \(maxTemperatureCelsius) °C"
    }

    /// The bus, shared by every servo on it on the same terms; its ID, its own.
    public var claims: [MotorClaim] {
        [
            .shared(MotorClaim.serialDevice(device), terms: "\(protocolKind.rawValue) at \(baud) baud, \(updateRateHz) Hz"),
            .exclusive("ID \(id) on \(device)"),
        ]
    }

    public func headerClaims(keyPath: String, chipLabel: String) -> [String] {
        ["\(keyPath): \(device) (\(PiHeader.describeUART(device: device, chipLabel: chipLabel))), "
            + "\(protocolKind.rawValue) bus at \(baud) baud, ID \(id)"]
    }
}
