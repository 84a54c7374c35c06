import Synchronization

/// A chip's 256 registers in memory, written and read the way SMBus block
/// transfers reach a chip whose register pointer auto-increments (the
/// PCA9685 with AI set, the Pan-Tilt HAT). `accepts` lets a chip model
/// refuse a write its silicon ignores (the PCA9685's PRE_SCALE while awake).
/// Failures can be injected; every write is counted. The lock guards plain
/// memory only (no I/O under it): the tick may write it in virtual time
/// while a model reads it.
public final class InMemoryI2CRegisterFile: I2CWritableDevice, Sendable {
    public typealias WriteFilter = @Sendable (_ register: UInt8, _ value: UInt8, _ registers: [UInt8]) -> Bool

    private struct State {
        var registers: [UInt8]
        var pendingFailures = 0
        var failureKind = I2CErrorKind.noAnswer
        var writes: [I2CRegisterWrite] = []
    }

    private let state: Mutex<State>
    private let accepts: WriteFilter?
    /// Kept for reading back what was written (tests); bounded so a long run does not grow it.
    private let writeLogCapacity: Int

    public init(initial: [UInt8] = [UInt8](repeating: 0, count: 256), writeLogCapacity: Int = 4096, accepts: WriteFilter? = nil) {
        var registers = initial
        if registers.count < 256 { registers += [UInt8](repeating: 0, count: 256 - registers.count) }
        state = Mutex(State(registers: Array(registers.prefix(256))))
        self.accepts = accepts
        self.writeLogCapacity = writeLogCapacity
    }

    public func write(_ write: I2CRegisterWrite) throws(I2CError) {
        let failure: I2CErrorKind? = state.withLock { state in
            if state.pendingFailures > 0 {
                state.pendingFailures -= 1
                return state.failureKind
            }
            var register = Int(write.register)
            for byte in write.bytes {
                if accepts?(UInt8(register), byte, state.registers) ?? true {
                    state.registers[register] = byte
                }
                register = (register + 1) & 0xFF
            }
            if state.writes.count >= writeLogCapacity { state.writes.removeFirst(state.writes.count / 2) }
            state.writes.append(write)
            return nil
        }
        if let failure {
            throw I2CError(failure, "injected failure writing register \(write.register) of an in-memory I2C chip")
        }
    }

    public func read(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let failure: I2CErrorKind? = state.withLock { state in
            if state.pendingFailures > 0 {
                state.pendingFailures -= 1
                return state.failureKind
            }
            for index in 0..<buffer.count {
                buffer[index] = state.registers[(Int(register) + index) & 0xFF]
            }
            return nil
        }
        if let failure {
            throw I2CError(failure, "injected failure reading register \(register) of an in-memory I2C chip")
        }
    }

    /// The next `count` transfers fail with `kind` (a chip unplugged, a noisy bus).
    public func failNextTransfers(_ count: Int, kind: I2CErrorKind = .noAnswer) {
        state.withLock {
            $0.pendingFailures = count
            $0.failureKind = kind
        }
    }

    public func register(_ register: UInt8) -> UInt8 { state.withLock { $0.registers[Int(register)] } }

    /// A copy of every register.
    public var registers: [UInt8] { state.withLock { $0.registers } }

    /// The writes taken so far (the newest `writeLogCapacity`/2 at least), oldest first.
    public var writes: [I2CRegisterWrite] { state.withLock { $0.writes } }
}
