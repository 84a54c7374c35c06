import SwivelHardware

/// One simulated serial bus servo: a register file in its family's layout
/// and a motor that moves toward the goal at its top speed and acceleration,
/// as an STS3215 or an XL430 does in position mode.
public struct SimulatedBusServo: Sendable {
    public enum Family: Sendable { case feetech, dynamixel }

    public let id: UInt8
    public let family: Family
    /// Counts per second at full speed: an STS3215 turns 60° in 0.222 s at 7.4 V (3075 counts/s).
    public var maximumSpeedCountsPerSecond = 3075.0
    /// Counts per second² it accelerates at.
    public var accelerationCountsPerSecondSquared = 60_000.0
    public private(set) var positionCounts: Double
    public private(set) var velocityCountsPerSecond = 0.0
    public private(set) var goalCounts: Int32
    public private(set) var torque = false
    public var temperatureCelsius = 32
    public var voltageDecivolts = 74
    /// Its hardware error bits (Feetech status byte / Dynamixel register 70).
    public var hardwareErrorBits: UInt8 = 0
    /// Unplugged: it hears nothing and answers nothing.
    public var answers = true

    public init(id: UInt8, family: Family, positionCounts: Int32) {
        self.id = id
        self.family = family
        self.positionCounts = Double(positionCounts)
        goalCounts = positionCounts
    }

    /// Moves `seconds` on, in steps of at most a millisecond.
    mutating func advance(by seconds: Double) {
        var left = seconds
        while left > 0 {
            let dt = min(left, 0.001)
            left -= dt
            let wanted: Double
            if torque {
                // Proportional toward the goal, capped at full speed: lands without overshoot.
                let error = Double(goalCounts) - positionCounts
                wanted = max(-maximumSpeedCountsPerSecond, min(maximumSpeedCountsPerSecond, 40 * error))
            } else {
                wanted = 0
            }
            let change = accelerationCountsPerSecondSquared * dt
            velocityCountsPerSecond += max(-change, min(change, wanted - velocityCountsPerSecond))
            positionCounts += velocityCountsPerSecond * dt
        }
    }

    // MARK: - Registers

    /// `count` bytes of its register file from `address`, as the servo would send them.
    func read(address: Int, count: Int) -> [UInt8] {
        var file = [UInt8](repeating: 0, count: 256)
        fill(&file)
        guard address >= 0, count >= 0, address + count <= file.count else { return [UInt8](repeating: 0, count: max(count, 0)) }
        return Array(file[address..<(address + count)])
    }

    /// Writes `data` at `address`: only goal position and torque enable matter here.
    mutating func write(address: Int, data: ArraySlice<UInt8>) {
        let bytes = Array(data)
        switch family {
        case .feetech:
            if address <= 40, 40 < address + bytes.count { torque = bytes[40 - address] != 0 }
            if address <= 42, 43 < address + bytes.count {
                let raw = UInt16(bytes[42 - address]) | UInt16(bytes[43 - address]) << 8
                goalCounts = FeetechSignMagnitude.decode(raw, signBit: .positionAndSpeed)
            }
        case .dynamixel:
            if address <= 64, 64 < address + bytes.count { torque = bytes[64 - address] != 0 }
            if address <= 116, 119 < address + bytes.count {
                var raw: UInt32 = 0
                for i in 0..<4 { raw |= UInt32(bytes[116 - address + i]) << UInt32(8 * i) }
                goalCounts = Int32(bitPattern: raw)
            }
        }
    }

    private func fill(_ file: inout [UInt8]) {
        let position = Int32(positionCounts.rounded())
        let velocity = Int32(velocityCountsPerSecond.rounded())
        func put(_ value: UInt32, at address: Int, bytes: Int) {
            for i in 0..<bytes { file[address + i] = UInt8(truncatingIfNeeded: value >> UInt32(8 * i)) }
        }
        switch family {
        case .feetech:
            file[40] = torque ? 1 : 0
            put(UInt32((try? FeetechSignMagnitude.encode(goalCounts, signBit: .positionAndSpeed)) ?? 0), at: 42, bytes: 2)
            put(UInt32((try? FeetechSignMagnitude.encode(position, signBit: .positionAndSpeed)) ?? 0), at: 56, bytes: 2)
            put(UInt32((try? FeetechSignMagnitude.encode(velocity, signBit: .positionAndSpeed)) ?? 0), at: 58, bytes: 2)
            let load = Int32(min(1000, abs(velocityCountsPerSecond) / maximumSpeedCountsPerSecond * 300))
            put(UInt32((try? FeetechSignMagnitude.encode(load, signBit: .load)) ?? 0), at: 60, bytes: 2)
            file[62] = UInt8(clamping: voltageDecivolts)
            file[63] = UInt8(clamping: temperatureCelsius)
            file[65] = hardwareErrorBits
        case .dynamixel:
            file[64] = torque ? 1 : 0
            file[70] = hardwareErrorBits
            put(UInt32(bitPattern: goalCounts), at: 116, bytes: 4)
            put(UInt32(bitPattern: Int32(min(1000, abs(velocityCountsPerSecond) / maximumSpeedCountsPerSecond * 300))), at: 126, bytes: 2)
            // 0.229 rev/min per unit: counts/s × 60 / (0.229 × 4096).
            put(UInt32(bitPattern: Int32((velocityCountsPerSecond * 60 / (0.229 * 4096)).rounded())), at: 128, bytes: 4)
            put(UInt32(bitPattern: position), at: 132, bytes: 4)
            put(UInt32(clamping: voltageDecivolts), at: 144, bytes: 2)
            file[146] = UInt8(clamping: temperatureCelsius)
        }
    }
}
