/// A register of a Feetech control table (addresses are one byte on that bus).
public struct FeetechRegister: Equatable, Sendable {
    public let address: UInt8
    public let sizeBytes: UInt8
}

/// A register of a Dynamixel control table (addresses and lengths are 16-bit on that bus).
public struct DynamixelRegister: Equatable, Sendable {
    public let address: UInt16
    public let sizeBytes: UInt16
}

/// The STS3215 (STS/SMS series) registers Swivel uses, from Feetech's
/// `SMS_STS.h` / `sms_sts.py`, which LeRobot's table agrees with. Words are
/// little endian on STS (`FeetechEndianness.littleEndian`).
public enum FeetechSTS3215Register {
    /// 777 on an STS3215.
    public static let modelNumber = FeetechRegister(address: 3, sizeBytes: 2)
    /// EEPROM: clear `lock` before writing, set it after.
    public static let id = FeetechRegister(address: 5, sizeBytes: 1)
    /// EEPROM code: 0 = 1 Mbps (default), 1 = 500k, 2 = 250k, 3 = 128k, 4 = 115200.
    /// Codes 5–7 differ between Feetech's headers and LeRobot's table; confirm on hardware.
    public static let baudRate = FeetechRegister(address: 6, sizeBytes: 1)
    /// 0 off, 1 on; 128 recentres the offset (`CalibrationOfs`), so never write it by accident.
    public static let torqueEnable = FeetechRegister(address: 40, sizeBytes: 1)
    /// 100 step/s² per unit; 0 is the firmware's default.
    public static let acceleration = FeetechRegister(address: 41, sizeBytes: 1)
    /// Counts, 4096 per turn; sign-magnitude, bit 15.
    public static let goalPosition = FeetechRegister(address: 42, sizeBytes: 2)
    /// Counts per second; sign-magnitude, bit 15.
    public static let goalSpeed = FeetechRegister(address: 46, sizeBytes: 2)
    /// 0 unlocks the EEPROM registers, 1 locks them again.
    public static let lock = FeetechRegister(address: 55, sizeBytes: 1)
    /// Counts; sign-magnitude, bit 15.
    public static let presentPosition = FeetechRegister(address: 56, sizeBytes: 2)
    /// Counts per second; sign-magnitude, bit 15.
    public static let presentSpeed = FeetechRegister(address: 58, sizeBytes: 2)
    /// 0.1 % of the maximum PWM duty; the direction is bit 10.
    public static let presentLoad = FeetechRegister(address: 60, sizeBytes: 2)
    /// 0.1 V.
    public static let presentVoltage = FeetechRegister(address: 62, sizeBytes: 1)
    /// °C.
    public static let presentTemperature = FeetechRegister(address: 63, sizeBytes: 1)
    /// "Status": bit 0 voltage, 1 sensor, 2 temperature, 3 current, 4 angle, 5 overload; 0 is healthy.
    public static let hardwareErrorStatus = FeetechRegister(address: 65, sizeBytes: 1)

    /// Position, speed, load, voltage and temperature (56...63) in one READ or
    /// SYNC_READ; `FeetechPresentState` decodes it.
    public static let presentStateBlock = FeetechRegister(address: 56, sizeBytes: 8)

    public static let defaultBaudRate = 1_000_000
}

/// The X-series (XL430-W250, XM430-W350/W210) registers Swivel uses, from the
/// ROBOTIS e-manual, which LeRobot's table agrees with. All little endian;
/// signed registers are two's complement.
public enum DynamixelXRegister {
    /// 1060 on an XL430-W250, 1020 on an XM430-W350, 1030 on an XM430-W210.
    public static let modelNumber = DynamixelRegister(address: 0, sizeBytes: 2)
    /// EEPROM: writable only while torque is off.
    public static let id = DynamixelRegister(address: 7, sizeBytes: 1)
    /// EEPROM code: 0 = 9600, 1 = 57600 (default), 2 = 115200, 3 = 1M, 4 = 2M, 5 = 3M, 6 = 4M, 7 = 4.5M.
    public static let baudRate = DynamixelRegister(address: 8, sizeBytes: 1)
    /// 1 velocity, 3 position (default), 4 extended position, 16 PWM.
    public static let operatingMode = DynamixelRegister(address: 11, sizeBytes: 1)
    public static let torqueEnable = DynamixelRegister(address: 64, sizeBytes: 1)
    /// Bit 0 input voltage, 2 overheating, 3 motor encoder, 4 electrical shock, 5 overload.
    public static let hardwareErrorStatus = DynamixelRegister(address: 70, sizeBytes: 1)
    /// 0.229 rev/min per unit; 0 is unlimited.
    public static let profileVelocity = DynamixelRegister(address: 112, sizeBytes: 4)
    /// Counts, int32, 4096 per turn.
    public static let goalPosition = DynamixelRegister(address: 116, sizeBytes: 4)
    /// XL430: load, 0.1 %, int16. XM430: current, 2.69 mA, int16.
    public static let presentLoad = DynamixelRegister(address: 126, sizeBytes: 2)
    /// 0.229 rev/min per unit, int32.
    public static let presentVelocity = DynamixelRegister(address: 128, sizeBytes: 4)
    /// Counts, int32.
    public static let presentPosition = DynamixelRegister(address: 132, sizeBytes: 4)
    /// 0.1 V.
    public static let presentInputVoltage = DynamixelRegister(address: 144, sizeBytes: 2)
    /// °C.
    public static let presentTemperature = DynamixelRegister(address: 146, sizeBytes: 1)

    /// Load, velocity, position, the two trajectory registers, voltage and
    /// temperature (126...146) in one READ or SYNC_READ; `DynamixelPresentState` decodes it.
    public static let presentStateBlock = DynamixelRegister(address: 126, sizeBytes: 21)

    public static let defaultBaudRate = 57_600
}
