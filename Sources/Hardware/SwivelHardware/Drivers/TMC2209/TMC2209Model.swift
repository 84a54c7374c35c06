/// A TMC2209 as its UART sees it, with no I/O: bytes in, bytes out. It keeps a
/// register file, counts good writes in IFCNT, drops datagrams with a bad CRC
/// or another node's address without a word (as the chip does), and answers
/// reads. For tests now and a pty-backed simulated driver later.
///
/// The one-wire caveat: the chip's PDN_UART is one pin, wired to the master's
/// TX through 1 kΩ and straight to its RX, so the master reads back every byte
/// it sends before the chip's reply. `receiveOnOneWireLine` gives exactly what
/// the master's RX sees (the echo, then any reply); `receive` gives the chip's
/// own bytes only.
///
/// Modelled, not measured: write-only registers read as 0 here (the real chip's
/// answer for them is not specified), and the chip's 63-bit-time idle reset of a
/// half-received datagram is the caller's `lineIdle()`.
public struct TMC2209Model: Sendable {
    public let node: UInt8
    private var registers: [UInt32]
    private var pending: [UInt8] = []
    /// Datagrams for this or another node that failed the CRC: the chip ignores them; a test counts them here.
    public private(set) var refusedDatagrams = 0

    public init(node: UInt8) throws(TMC2209DatagramError) {
        guard node <= TMC2209Datagram.maximumNode else { throw .nodeOutOfRange(node: node) }
        self.node = node
        var registers = [UInt32](repeating: 0, count: 128)
        registers[Int(TMC2209Register.gconf)] = TMC2209GlobalConfig.powerOn.rawValue
        registers[Int(TMC2209Register.gstat)] = TMC2209GlobalStatus.reset.rawValue
        registers[Int(TMC2209Register.ioin)] = UInt32(TMC2209Register.version) << 24
        registers[Int(TMC2209Register.iholdIrun)] = TMC2209HoldRunCurrent.powerOnRawValue
        registers[Int(TMC2209Register.tpowerdown)] = 20
        registers[Int(TMC2209Register.chopconf)] = TMC2209ChopperConfig.powerOnRawValue
        registers[Int(TMC2209Register.pwmconf)] = 0xC10D_0024
        // At rest in StealthChop, holding at the power-on IHOLD of 16.
        registers[Int(TMC2209Register.drvStatus)] = 1 << 31 | 1 << 30 | 16 << 16
        self.registers = registers
    }

    /// A register's value as the chip holds it (write-only ones included).
    public func register(_ address: UInt8) -> UInt32 { registers[Int(address & 0x7F)] }

    public var interfaceCount: UInt8 { TMC2209InterfaceCounter.count(registerValue: register(TMC2209Register.ifcnt)) }

    /// What the motor and the silicon set: temperature and bridge flags, for a test to inject a fault.
    public mutating func setDriverStatus(_ status: TMC2209DriverStatus) {
        registers[Int(TMC2209Register.drvStatus)] = status.rawValue
    }

    /// Latches GSTAT flags, as a shutdown or brown-out does.
    public mutating func raiseGlobalStatus(_ flags: TMC2209GlobalStatus) {
        registers[Int(TMC2209Register.gstat)] |= flags.rawValue
    }

    /// The line went idle: a half-received datagram is dropped.
    public mutating func lineIdle() { pending.removeAll(keepingCapacity: true) }

    /// One byte from the master; the reply, if this byte completed a read for this node.
    public mutating func receive(_ byte: UInt8) -> [UInt8] {
        // The chip hunts for the sync nibble; anything else before it is line noise.
        if pending.isEmpty, byte & 0x0F != TMC2209Datagram.sync { return [] }
        pending.append(byte)
        guard pending.count >= 3 else { return [] }
        let length = pending[2] & TMC2209Datagram.writeFlag != 0 ? TMC2209Datagram.writeLength : TMC2209Datagram.readRequestLength
        guard pending.count == length else { return [] }
        let datagram = pending
        pending.removeAll(keepingCapacity: true)
        let request: TMC2209Datagram.Request
        do {
            request = try TMC2209Datagram.decodeRequest(datagram)
        } catch {
            refusedDatagrams += 1
            return []
        }
        switch request {
        case .write(let to, let address, let value):
            guard to == node else { return [] }
            write(address, value)
            registers[Int(TMC2209Register.ifcnt)] = UInt32(interfaceCount &+ 1)
            return []
        case .read(let to, let address):
            guard to == node else { return [] }
            let value = TMC2209Register.readable.contains(address) ? registers[Int(address)] : 0
            return TMC2209Datagram.reply(register: address, value: value)
        }
    }

    public mutating func receive(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        for byte in bytes { out += receive(byte) }
        return out
    }

    /// What the master's RX reads on the one-wire bus: its own bytes, then the chip's reply.
    public mutating func receiveOnOneWireLine(_ bytes: [UInt8]) -> [UInt8] {
        bytes + receive(bytes)
    }

    private mutating func write(_ address: UInt8, _ value: UInt32) {
        switch address {
        case TMC2209Register.gstat:
            registers[Int(address)] &= ~(value & 0x7)
        case TMC2209Register.ifcnt, TMC2209Register.ioin, TMC2209Register.tstep, TMC2209Register.sgResult, TMC2209Register.mscnt,
            TMC2209Register.drvStatus:
            break  // read-only: the write still counts in IFCNT, the value is dropped
        case TMC2209Register.iholdIrun:
            registers[Int(address)] = value & 0x000F_1F1F
            // The chip drives IHOLD at standstill: DRV_STATUS's CS_ACTUAL follows it.
            let status = registers[Int(TMC2209Register.drvStatus)]
            registers[Int(TMC2209Register.drvStatus)] = status & ~(0x1F << 16) | (value & 0x1F) << 16
        default:
            registers[Int(address)] = value
        }
    }
}

extension TMC2209HoldRunCurrent {
    /// Power-on with the default OTP: IHOLD 16, IRUN 31, IHOLDDELAY 1.
    public static let powerOnRawValue: UInt32 = 0x0001_1F10
}
