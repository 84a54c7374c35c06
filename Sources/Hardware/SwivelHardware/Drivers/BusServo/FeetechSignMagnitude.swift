/// Where a Feetech register keeps its sign. Feetech negatives are
/// sign-magnitude, not two's complement, and the sign bit differs by register.
public enum FeetechSignBit: Int, Sendable, CaseIterable {
    /// Goal/Present Position and Goal/Present Speed (Feetech `sms_sts.py`).
    case positionAndSpeed = 15
    /// Homing Offset, address 31 (LeRobot's STS table).
    case homingOffset = 11
    /// Present Load, address 60: the direction is bit 10 (Feetech memory table).
    case load = 10
}

/// `SCS_TOHOST` / `SCS_TOSCS` of scservo_sdk 1.0.0: bit `b` is the sign, the
/// other bits hold |value|. So -100 is 0x8064 with bit 15 and 0x8000 is a
/// "negative zero" that reads as 0.
public enum FeetechSignMagnitude {
    /// Exactly `SCS_TOHOST`: bits above the sign bit stay in the magnitude, as
    /// the SDK leaves them, so a decode never loses what the servo sent.
    public static func decode(_ raw: UInt16, signBit: FeetechSignBit) -> Int32 {
        let sign = UInt16(1) << UInt16(signBit.rawValue)
        let magnitude = Int32(raw & ~sign)
        return raw & sign != 0 ? -magnitude : magnitude
    }

    /// `SCS_TOSCS`, except that a magnitude reaching the sign bit is refused:
    /// the SDK would let +32768 become 0x8000, which the servo reads as 0.
    public static func encode(_ value: Int32, signBit: FeetechSignBit) throws(BusServoEncodeError) -> UInt16 {
        let sign = UInt32(1) << UInt32(signBit.rawValue)
        let magnitude = value.magnitude
        guard magnitude < sign else { throw .magnitudeTooLarge(value: value, signBit: signBit.rawValue) }
        return UInt16(truncatingIfNeeded: value < 0 ? magnitude | sign : magnitude)
    }
}
