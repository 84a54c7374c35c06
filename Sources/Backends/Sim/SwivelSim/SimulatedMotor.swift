public import SwivelHardware

/// A motor type's part in the physical model: which output lines and PWM
/// channel it watches, the checks on its constants, and the model object that
/// moves its axis. Each type implements it in its own file and adds a
/// constructor to `SimulatedAxisSpec.Motor` there (`.stepper(...)`,
/// `.servo(...)`); the stand model routes writes to it without knowing the type.
public protocol SimulatedMotorSpec: Sendable {
    /// The output lines whose writes move it, in claim order.
    var watchedLines: [SimulatedLineWatch] { get }
    /// The PWM channel whose writes move it, if any.
    var watchedPWM: PWMOutputAddress? { get }
    /// Its constants, checked before the model is built; the reason names `axis`.
    func validate(axis: Axis) throws(HardwareError)
    /// The model, standing at `initialAngleRadians` with the lines and channel as they are now.
    func makeModel(initialAngleRadians: Double, chip: InMemoryGPIOChip, pwm: InMemoryPWMProvider, now: Int64) -> any SimulatedMotorModel
    /// Value equality across the existential.
    func isEqual(to other: any SimulatedMotorSpec) -> Bool
}

extension SimulatedMotorSpec where Self: Equatable {
    public func isEqual(to other: any SimulatedMotorSpec) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

extension SimulatedMotorSpec {
    public var watchedLines: [SimulatedLineWatch] { [] }
    public var watchedPWM: PWMOutputAddress? { nil }
}

/// A line a simulated motor watches, and the role wiring messages name it by.
public struct SimulatedLineWatch: Equatable, Sendable {
    public var line: Int
    /// "STEP", "DIR", "ENABLE": what a clash or an out-of-range line is reported as.
    public var role: String
    /// Only rising edges matter (a STEP line): falling ones are not queued.
    public var risingEdgesOnly: Bool

    public init(line: Int, role: String, risingEdgesOnly: Bool = false) {
        self.line = line
        self.role = role
        self.risingEdgesOnly = risingEdgesOnly
    }
}

/// A PWM channel on the mock provider.
public struct PWMOutputAddress: Equatable, Sendable {
    public var chip: Int
    public var channel: Int

    public init(chip: Int, channel: Int) {
        self.chip = chip
        self.channel = channel
    }
}

/// One motor moving its axis inside the stand model. Lives on the model's
/// thread; every call is in model time.
public protocol SimulatedMotorModel: AnyObject {
    var angleRadians: Double { get }
    var velocityRadiansPerSecond: Double { get }
    /// Moves it on by `seconds` of model time.
    func integrate(seconds: Double)
    /// The axis is held mechanically this step: it does not move.
    func hold()
    /// A watched line's write, applied at its instant.
    func lineWritten(_ line: Int, high: Bool, at instant: Int64)
    /// A write to the watched PWM channel, applied at its instant.
    func pwmWritten(_ change: PWMWrite.Change, at instant: Int64)
    /// The next instant it must be looked at (a servo reading its pulse), or nil.
    var nextSample: Int64? { get }
    /// Called at `nextSample` when the model reaches it.
    func sample(at instant: Int64)
    /// Whether its driver drives the axis now.
    var isDriven: Bool { get }
    /// A knock on the axis; a motor whose gear train is not back-drivable ignores it.
    func push(radiansPerSecond: Double)
    /// A stepper's field angle (steps counted by its driver); nil for others.
    var fieldAngleRadians: Double? { get }
    /// Fault injection: skip this share of its steps; false for a motor without steps.
    func skipSteps(fraction: Double) -> Bool
}

extension SimulatedMotorModel {
    public func lineWritten(_ line: Int, high: Bool, at instant: Int64) {}
    public func pwmWritten(_ change: PWMWrite.Change, at instant: Int64) {}
    public var nextSample: Int64? { nil }
    public func sample(at instant: Int64) {}
    public func push(radiansPerSecond: Double) {}
    public var fieldAngleRadians: Double? { nil }
    public func skipSteps(fraction: Double) -> Bool { false }
}

/// The checks motor specs share.
public enum SimulatedMotorChecks {
    public static func positive(_ value: Double, _ what: String, _ axis: Axis, allowZero: Bool = false) throws(HardwareError) {
        guard value.isFinite, allowZero ? value >= 0 : value > 0 else {
            throw HardwareError(.invalidConfiguration, "simulated axis '\(axis)': \(what) must be \(allowZero ? "non-negative" : "positive") and finite, got \(value)")
        }
    }
}
