import SwivelBoard
import SwivelCore
import SwivelHardware
@testable import SwivelLoop
@testable import SwivelSimBackend
@testable import SwivelStand

/// The motion a virtual stand puts out, rebuilt from what its drivers write
/// and nothing else: each stepper axis's position from the STEP rising edges
/// on the mock chip, counted in the direction the DIR line has at each edge;
/// the servo's from the pulse width on its PWM channel. `sample(at:)` reads
/// them at one instant of the output timeline.
///
/// The drivers write ahead of time (every edge is stamped with its future
/// instant), so edges arrive here before they take effect; they wait in a
/// queue until an instant at or after theirs is sampled.
final class OutputProbe {
    struct Stepper {
        let axis: Axis
        let radiansPerMicrostep: Double
        /// The DIR level that makes the driver count up.
        let countingUpLevel: Bool
        /// Where the count starts (the driver's position at power-up).
        let originMicrosteps: Int64
        var directionHigh = false
        var enableHigh = false
        let enableLine: Int?
        let enableActiveLow: Bool
        /// Changes not yet sampled: a rising edge (±1, the way it counts) or
        /// an ENABLE level (`enableHighMark`, `enableLowMark`), with its instant.
        var pending: [(instant: Int64, change: Int64)] = []
        var pendingHead = 0
        var counted: Int64 = 0
        /// Every edge written so far, sampled or not.
        var written: Int64 = 0

        var microsteps: Int64 { originMicrosteps + counted }
        var radians: Double { Double(microsteps) * radiansPerMicrostep }
        var isEnabled: Bool { enableLine == nil || enableHigh != enableActiveLow }
    }

    struct Servo {
        let axis: Axis
        let chip: Int
        let channel: Int
        let mapping: ServoPulseMapping
        /// Pulse widths written and not yet sampled: instant and nanoseconds.
        var pending: [(instant: Int64, pulse: Int64)] = []
        var pendingHead = 0
        var pulse: Int64?
        var enabled = false
        var pendingEnables: [(instant: Int64, enabled: Bool)] = []
        var pendingEnablesHead = 0

        var radians: Double? { pulse.map(mapping.angle(forPulseNanoseconds:)) }
    }

    static let enableHighMark: Int64 = 2
    static let enableLowMark: Int64 = 3

    private(set) var steppers: [Stepper] = []
    private(set) var servos: [Servo] = []
    /// Which stepper (index) a chip line belongs to, and as what.
    private var lineRoles: [(stepper: Int, role: UInt8)?]
    /// Writes on one line stamped earlier than the previous one: the rebuild
    /// relies on per-line order, so a test checks this stays 0.
    private(set) var outOfOrderEdges = 0
    private var lastInstant: [Int64]

    init(_ virtual: VirtualStand) {
        let chip = virtual.simulation.chip
        lineRoles = Array(repeating: nil, count: chip.lineCount)
        lastInstant = Array(repeating: .min, count: chip.lineCount)
        for drive in virtual.engine.drives {
            if let driver = drive.actuator as? StepperDriver {
                guard let lines = virtual.stand.board.axes.perAxis[drive.axis]?.motor.stepper else { continue }
                let index = steppers.count
                steppers.append(Stepper(
                    axis: drive.axis, radiansPerMicrostep: 1 / driver.planner.microstepsPerRadian,
                    countingUpLevel: driver.planner.directionLevel(for: .positive),
                    originMicrosteps: driver.state.microsteps,
                    directionHigh: chip.outputLevel(line: lines.directionLine) ?? false,
                    enableHigh: lines.enableLine.flatMap { chip.outputLevel(line: $0) } ?? false,
                    enableLine: lines.enableLine, enableActiveLow: lines.enableActiveLow))
                lineRoles[lines.stepLine] = (index, 0)
                lineRoles[lines.directionLine] = (index, 1)
                if let enable = lines.enableLine { lineRoles[enable] = (index, 2) }
            } else if let driver = drive.actuator as? ServoDriver {
                guard let config = virtual.stand.board.axes.perAxis[drive.axis]?.motor.servo,
                      case .hardwarePWM(let pwmChip, let pwmChannel) = config.output
                else { continue }
                let state = virtual.simulation.pwm.state(chip: pwmChip, channel: pwmChannel)
                servos.append(Servo(
                    axis: drive.axis, chip: pwmChip, channel: pwmChannel, mapping: driver.mapping,
                    pulse: driver.pulseNanoseconds, enabled: state?.enabled ?? false))
            }
        }
        chip.addOutputObserver { [unowned self] line, high, instant in self.written(line, high, instant) }
        virtual.simulation.pwm.addObserver { [unowned self] write in self.written(write) }
    }

    private func written(_ line: Int, _ high: Bool, _ instant: MonotonicInstant) {
        guard line >= 0, line < lineRoles.count, let (index, role) = lineRoles[line] else { return }
        if instant.nanoseconds < lastInstant[line] { outOfOrderEdges += 1 }
        lastInstant[line] = instant.nanoseconds
        switch role {
        case 0:
            // A DIR change is written before the edges it applies to and takes
            // effect no later than they do (the driver's setup time), so the
            // level as written is the level at each following edge.
            guard high else { return }
            let up = steppers[index].directionHigh == steppers[index].countingUpLevel
            steppers[index].pending.append((instant.nanoseconds, up ? 1 : -1))
            steppers[index].written += up ? 1 : -1
        case 1:
            steppers[index].directionHigh = high
        default:
            steppers[index].pending.append((instant.nanoseconds, high ? Self.enableHighMark : Self.enableLowMark))
        }
    }

    private func written(_ write: PWMWrite) {
        guard let index = servos.firstIndex(where: { $0.chip == write.chip && $0.channel == write.channel }) else { return }
        switch write.change {
        case .dutyCycleNanoseconds(let pulse): servos[index].pending.append((write.instant.nanoseconds, pulse))
        case .enabled(let enabled): servos[index].pendingEnables.append((write.instant.nanoseconds, enabled))
        case .periodNanoseconds: break
        }
    }

    /// Takes in every edge and pulse width in effect at `instant`.
    func sample(at instant: MonotonicInstant) {
        let now = instant.nanoseconds
        for index in steppers.indices {
            var head = steppers[index].pendingHead
            while head < steppers[index].pending.count, steppers[index].pending[head].instant <= now {
                switch steppers[index].pending[head].change {
                case Self.enableHighMark: steppers[index].enableHigh = true
                case Self.enableLowMark: steppers[index].enableHigh = false
                case let step: steppers[index].counted += step
                }
                head += 1
            }
            Self.compact(&steppers[index].pending, &head)
            steppers[index].pendingHead = head
        }
        for index in servos.indices {
            var head = servos[index].pendingHead
            while head < servos[index].pending.count, servos[index].pending[head].instant <= now {
                servos[index].pulse = servos[index].pending[head].pulse
                head += 1
            }
            Self.compact(&servos[index].pending, &head)
            servos[index].pendingHead = head
            var enableHead = servos[index].pendingEnablesHead
            while enableHead < servos[index].pendingEnables.count, servos[index].pendingEnables[enableHead].instant <= now {
                servos[index].enabled = servos[index].pendingEnables[enableHead].enabled
                enableHead += 1
            }
            Self.compact(&servos[index].pendingEnables, &enableHead)
            servos[index].pendingEnablesHead = enableHead
        }
    }

    /// Drops what was consumed once it is most of the queue.
    private static func compact<T>(_ queue: inout [T], _ head: inout Int) {
        guard head > 256, head * 2 > queue.count else { return }
        queue.removeFirst(head)
        head = 0
    }

    private func stepper(_ axis: Axis) -> Int? {
        var index = 0
        while index < steppers.count {
            if steppers[index].axis == axis { return index }
            index += 1
        }
        return nil
    }

    private func servo(_ axis: Axis) -> Int? {
        var index = 0
        while index < servos.count {
            if servos[index].axis == axis { return index }
            index += 1
        }
        return nil
    }

    /// The output position of `axis` at the last sample (radians in the
    /// driver's count, before any rebase), or nil for an axis it does not carry.
    func radians(_ axis: Axis) -> Double? {
        if let index = stepper(axis) { return steppers[index].radians }
        return servo(axis).flatMap { servos[$0].radians }
    }

    func microsteps(_ axis: Axis) -> Int64? { stepper(axis).map { steppers[$0].microsteps } }

    /// The count once every edge written so far has taken effect: what the
    /// driver believes, unless it was re-based.
    func writtenMicrosteps(_ axis: Axis) -> Int64? {
        stepper(axis).map { steppers[$0].originMicrosteps + steppers[$0].written }
    }

    func radiansPerMicrostep(_ axis: Axis) -> Double? { stepper(axis).map { steppers[$0].radiansPerMicrostep } }

    /// Whether the axis's motor was driven at the last sample (ENABLE active, PWM on).
    func isDriven(_ axis: Axis) -> Bool? {
        if let index = stepper(axis) { return steppers[index].isEnabled }
        return servo(axis).map { servos[$0].enabled }
    }
}
