// The packets Swivel's bus servo codecs put on the wire, and what they make
// of a reply, for python/tests/test_busservo_sdk_packets.py to check against
// the vendors' own Python SDKs (feetech-servo-sdk, dynamixel-sdk). A test
// tool: no firmware target depends on it.
//
//   swivel-busservo-packets encode           one "family name HEX" line per packet
//   swivel-busservo-packets decode FAMILY HEX   "id position velocity temperature flags"
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

func codec(_ family: String) -> (any BusServoCodec)? {
    switch family {
    case "feetech": FeetechCodec()
    case "dynamixel": DynamixelCodec()
    default: nil
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
var packet: [UInt8] = []
var scratch: [UInt8] = []
switch arguments.first {
case "encode":
    for family in ["feetech", "dynamixel"] {
        guard let codec = codec(family) else { continue }
        do throws(BusServoEncodeError) {
            try codec.encodeTorque(id: 1, on: true, into: &packet)
            print(family, "torque_on_1", hex(packet))
            try codec.encodeTorque(id: 2, on: false, into: &packet)
            print(family, "torque_off_2", hex(packet))
            try codec.encodeGoals(ids: [1, 2], counts: [1000, 3000], into: &packet, scratch: &scratch)
            print(family, "goals_1_1000_2_3000", hex(packet))
            try codec.encodeGoals(ids: [1], counts: [2048], into: &packet, scratch: &scratch)
            print(family, "goal_1_2048", hex(packet))
            try codec.encodeStateRead(ids: [1, 2], into: &packet)
            print(family, "state_read_1_2", hex(packet))
            try codec.encodeHardwareStatusRead(id: 1, into: &packet)
            print(family, "hardware_status_read_1", hex(packet))
        } catch {
            print("error", family, error)
        }
    }
case "decode":
    guard arguments.count == 3, let codec = codec(arguments[1]) else {
        print("usage: swivel-busservo-packets decode feetech|dynamixel HEX")
        exit(64)
    }
    let bytes = arguments[2].split(separator: " ").compactMap { UInt8($0, radix: 16) }
    var parameters: [UInt8] = []
    switch codec.decodeReply(bytes, from: 0, parameters: &parameters) {
    case .status(let id, let flags, let alert, _):
        if let state = codec.decodeState(parameters) {
            print(id, state.positionCounts, state.velocityCountsPerSecond, state.temperatureCelsius, flags.rawValue, alert)
        } else {
            print(id, "no-state", flags.rawValue, alert)
        }
    case .incomplete: print("incomplete")
    case .corrupt: print("corrupt")
    }
default:
    print("usage: swivel-busservo-packets encode | decode feetech|dynamixel HEX")
    exit(64)
}
