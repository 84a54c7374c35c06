import Synchronization

/// The TMC2209s on one UART: set up and confirmed once every axis on it is
/// known, then polled for DRV_STATUS and GSTAT on the bus's own thread. The
/// drivers' ENABLE lines stay the stepper's: the bus never switches a motor.
public final class TMC2209Bus: @unchecked Sendable {
    public let line: TMC2209Line
    public private(set) var nodes: [TMC2209Node] = []
    /// Between two polls of every driver.
    public static let pollPeriodNanoseconds: Int64 = 100_000_000
    /// A read at set-up is asked this often before the driver counts as silent.
    /// Set-up is not in a hurry: a driver that is there but slow to be heard
    /// (the simulated one is a thread of a loaded machine; a real line picks
    /// up noise) must not stop the daemon, and a missing one is still named
    /// within 10 × the reply timeout (200 ms). CI once saw 3 miss in a row.
    static let setupAttempts = 10
    private let stopRequested = Atomic(false)

    public init(line: TMC2209Line) { self.line = line }

    public func add(_ node: TMC2209Node) { nodes.append(node) }

    /// Writes every driver's set-up, each write confirmed by IFCNT, and reads
    /// GCONF and CHOPCONF back; the first driver that does not answer or
    /// disagrees stops it with its reason.
    public func setUp() throws(TMC2209SetupError) {
        for node in nodes { try setUp(node) }
    }

    private func setUp(_ node: TMC2209Node) throws(TMC2209SetupError) {
        let place = TMC2209SetupError.Place(address: node.address, device: line.path)
        let writes: [TMC2209RegisterWrite]
        do {
            writes = try node.configuration.setupWrites()
        } catch {
            throw .setting(place, error)
        }
        var count = try interfaceCount(place, node)
        for write in writes {
            do {
                try line.write(node: node.address, write)
            } catch {
                throw .exchange(place, register: write.register, error)
            }
            let after = try interfaceCount(place, node)
            guard TMC2209InterfaceCounter.isConfirmed(before: count, after: after) else {
                throw .writeNotCounted(place, register: write.register, before: count, after: after)
            }
            count = after
        }
        // The write-only registers have only IFCNT; these two read back, so a chip that took a
        // write but holds something else (another board's driver at this address) is caught.
        for write in writes where write.register == TMC2209Register.gconf || write.register == TMC2209Register.chopconf {
            let value = try read(place, node, write.register)
            guard value == write.value else { throw .readBack(place, register: write.register, written: write.value, read: value) }
        }
        node.polled(status: TMC2209DriverStatus(rawValue: try read(place, node, TMC2209Register.drvStatus)),
                    global: TMC2209GlobalStatus(rawValue: try read(place, node, TMC2209Register.gstat)))
    }

    private func interfaceCount(_ place: TMC2209SetupError.Place, _ node: TMC2209Node) throws(TMC2209SetupError) -> UInt8 {
        TMC2209InterfaceCounter.count(registerValue: try read(place, node, TMC2209Register.ifcnt))
    }

    private func read(_ place: TMC2209SetupError.Place, _ node: TMC2209Node, _ register: UInt8) throws(TMC2209SetupError) -> UInt32 {
        var last = TMC2209LineError.noReply
        for _ in 0..<Self.setupAttempts {
            do {
                return try line.read(node: node.address, register: register)
            } catch {
                last = error
            }
        }
        throw last == .noReply ? .silent(place, register: register) : .exchange(place, register: register, last)
    }

    /// One poll of every driver: its DRV_STATUS and GSTAT into its node.
    public func poll() {
        for node in nodes {
            do {
                let status = try line.read(node: node.address, register: TMC2209Register.drvStatus)
                let global = try line.read(node: node.address, register: TMC2209Register.gstat)
                node.polled(status: TMC2209DriverStatus(rawValue: status), global: TMC2209GlobalStatus(rawValue: global))
            } catch {
                node.missedPoll()
            }
        }
    }

    /// Polls every `pollPeriodNanoseconds` until `requestStop`, on the bus's thread.
    public func run(clock: any MonotonicClock, sleep: (MonotonicInstant) -> Void) {
        var deadline = clock.now()
        while !stopRequested.load(ordering: .acquiring) {
            poll()
            deadline = deadline.advanced(byNanoseconds: Self.pollPeriodNanoseconds)
            let now = clock.now()
            // After a stall, the next poll is one period from now, not a burst of missed ones.
            if deadline < now { deadline = now.advanced(byNanoseconds: Self.pollPeriodNanoseconds) }
            sleep(deadline)
        }
    }

    public func requestStop() { stopRequested.store(true, ordering: .releasing) }
}

/// Why a stand with TMC2209s on a UART refuses to start.
public enum TMC2209SetupError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Place: Equatable, Sendable {
        public var address: UInt8
        public var device: String

        public init(address: UInt8, device: String) {
            self.address = address
            self.device = device
        }
    }

    /// Nothing came back to a read, every time it was asked.
    case silent(Place, register: UInt8)
    case exchange(Place, register: UInt8, TMC2209LineError)
    /// IFCNT did not rise by exactly one over a write.
    case writeNotCounted(Place, register: UInt8, before: UInt8, after: UInt8)
    case readBack(Place, register: UInt8, written: UInt32, read: UInt32)
    case setting(Place, TMC2209SettingError)

    public var description: String {
        switch self {
        case let .silent(place, register):
            "\(Self.name(place)) did not answer (no reply to \(Self.name(register)) read): check its power (VIO and VM), "
                + "PDN_UART through 1 kΩ to TX and straight to RX, MS1/MS2 for the address, and the baud rate"
        case let .exchange(place, register, error):
            "\(Self.name(place)) failed on \(Self.name(register)): \(error)"
        case let .writeNotCounted(place, register, before, after):
            "\(Self.name(place)) did not take the \(Self.name(register)) write (IFCNT went from \(before) to \(after), "
                + "expected \(before &+ 1)): the write was garbled on the line, or another driver answers at this address"
        case let .readBack(place, register, written, read):
            "\(Self.name(place)): \(Self.name(register)) read back \(Self.hex(read)) where \(Self.hex(written)) was written"
        case let .setting(place, error):
            "\(Self.name(place)): \(error)"
        }
    }

    static func name(_ place: Place) -> String { "TMC2209 at address \(place.address) on \(place.device)" }

    public static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    public static func name(_ register: UInt8) -> String {
        switch register {
        case TMC2209Register.gconf: "GCONF"
        case TMC2209Register.gstat: "GSTAT"
        case TMC2209Register.ifcnt: "IFCNT"
        case TMC2209Register.iholdIrun: "IHOLD_IRUN"
        case TMC2209Register.tpwmthrs: "TPWMTHRS"
        case TMC2209Register.chopconf: "CHOPCONF"
        case TMC2209Register.drvStatus: "DRV_STATUS"
        default: "register " + hex(UInt32(register))
        }
    }
}
