public import SwivelVocabulary

/// A board file, loaded and validated. Every value here has passed the
/// loader's bounds and cross-checks; consumers never re-validate.
///
/// Units are in the names: radians, rad/s, rad/s², Hz, ns, µs.
public struct Board: Equatable, Sendable {
    public var name: String
    public var hardwareModel: String
    public var backend: Backend
    /// The GPIO chip that carries every line number below, found by label.
    public var gpioChipLabel: String
    public var loopRateHz: Int
    public var axes: Axes
    public var serialPorts: [SerialPort]
    /// Present exactly when `backend == .simulated`.
    public var simulation: Simulation?
    /// The phone cameras' fields of view, used when an observation comes without
    /// intrinsics: the tracking geometry's own table, with its defaults.
    public var camera: FieldOfViewTable
    /// The CPU the busy-waiting step thread is pinned to (`loop.stepCore`);
    /// nil lets the kernel place it. Used only by a `gpiod` board with a stepper.
    public var stepCore: Int?
    /// Push buttons on the GPIO chip's input lines.
    public var buttons: [Button]
    /// Batteries read from the Linux power_supply class (a simulated board's are in `simulation`).
    public var batteries: [Battery]
    /// The vision co-processor program's settings; nil when the board has no `vision` section.
    public var vision: Vision?
    /// How long nothing may command motion before the drivers are released
    /// (`idleTimeoutSeconds`; Klipper's `idle_timeout`). An axis whose
    /// `holdWhenIdle` is set keeps its driver enabled.
    public var idleTimeoutSeconds: Double
    /// Every GPIO line a key claims, in the loader's fixed order: axes pitch,
    /// yaw, roll (key order within each), then buttons.
    public var signals: [Signal]

    public init(
        name: String, hardwareModel: String, backend: Backend, gpioChipLabel: String,
        loopRateHz: Int, axes: Axes, serialPorts: [SerialPort], simulation: Simulation?, camera: FieldOfViewTable = .defaults,
        stepCore: Int? = nil, buttons: [Button] = [], batteries: [Battery] = [], vision: Vision? = nil,
        signals: [Signal] = [], idleTimeoutSeconds: Double = Board.defaultIdleTimeoutSeconds
    ) {
        self.signals = signals
        self.idleTimeoutSeconds = idleTimeoutSeconds
        self.vision = vision
        self.camera = camera
        self.stepCore = stepCore
        self.buttons = buttons
        self.batteries = batteries
        self.name = name
        self.hardwareModel = hardwareModel
        self.backend = backend
        self.gpioChipLabel = gpioChipLabel
        self.loopRateHz = loopRateHz
        self.axes = axes
        self.serialPorts = serialPorts
        self.simulation = simulation
    }

    /// Long enough that a pause in a session (a subject who steps out for a
    /// moment, a host between moves) keeps the stand holding where it was;
    /// short enough that a stand nobody uses does not sit with its motors warm.
    public static let defaultIdleTimeoutSeconds = 30.0

    public enum Backend: String, Equatable, Sendable {
        /// The in-memory GPIO chip wired to the physical model of a stand.
        case simulated
        /// Real lines through libgpiod.
        case gpiod
    }

    /// The axes the stand has; at least one.
    public struct Axes: Equatable, Sendable {
        public var pitch: Axis?
        public var yaw: Axis?
        public var roll: Axis?

        public init(pitch: Axis? = nil, yaw: Axis? = nil, roll: Axis? = nil) {
            self.pitch = pitch
            self.yaw = yaw
            self.roll = roll
        }
    }

    public struct Axis: Equatable, Sendable {
        public var motor: Motor
        public var encoder: Encoder?
        public var limits: Limits
        /// A slip-ring axis with no position range (only yaw may be continuous).
        public var continuous: Bool
        /// The closed-loop checks; used only on an axis with an encoder.
        public var faultDetection: FaultDetection
        /// A home switch the axis seeks at start; nil: no homing.
        public var homing: Homing?
        /// The driver stays enabled when the stand goes idle (`holdWhenIdle`):
        /// an axis that would sag under its load with the motor off.
        public var holdsWhenIdle: Bool

        public init(motor: Motor, encoder: Encoder?, limits: Limits, continuous: Bool,
                    faultDetection: FaultDetection = .defaults, homing: Homing? = nil, holdsWhenIdle: Bool = false) {
            self.holdsWhenIdle = holdsWhenIdle
            self.motor = motor
            self.encoder = encoder
            self.limits = limits
            self.continuous = continuous
            self.faultDetection = faultDetection
            self.homing = homing
        }
    }

    /// A home switch on a GPIO input line (boards/README.md, `homing`).
    public struct Homing: Equatable, Sendable {
        public var switchLine: Int
        /// The switch pulls the line low when closed (wired to ground with a pull-up).
        public var switchActiveLow: Bool
        /// Seek toward increasing angles (`direction: "positive"`).
        public var towardsPositive: Bool
        /// The axis angle at which the switch closes while seeking.
        public var switchPositionRadians: Double
        public var speedRadiansPerSecond: Double
        public var backoffRadians: Double
        /// Seeking farther than this without the switch closing fails homing.
        public var maxTravelRadians: Double

        public init(switchLine: Int, switchActiveLow: Bool, towardsPositive: Bool, switchPositionRadians: Double,
                    speedRadiansPerSecond: Double, backoffRadians: Double, maxTravelRadians: Double) {
            self.switchLine = switchLine
            self.switchActiveLow = switchActiveLow
            self.towardsPositive = towardsPositive
            self.switchPositionRadians = switchPositionRadians
            self.speedRadiansPerSecond = speedRadiansPerSecond
            self.backoffRadians = backoffRadians
            self.maxTravelRadians = maxTravelRadians
        }
    }

    /// When an axis with an encoder is declared faulted (boards/README.md).
    public struct FaultDetection: Equatable, Sendable {
        /// |commanded − measured| above this is a stall or lost steps.
        public var maxFollowingErrorRadians: Double
        /// Commanded travel with no encoder change at all: a dead encoder or a jam.
        public var silentTravelRadians: Double

        public init(maxFollowingErrorRadians: Double, silentTravelRadians: Double) {
            self.maxFollowingErrorRadians = maxFollowingErrorRadians
            self.silentTravelRadians = silentTravelRadians
        }

        public static let defaults = FaultDetection(maxFollowingErrorRadians: 0.08, silentTravelRadians: 0.04)
    }

    /// Hardware limits. `minRadians`/`maxRadians` are nil exactly when the axis is continuous.
    public struct Limits: Equatable, Sendable {
        public var minRadians: Double?
        public var maxRadians: Double?
        public var maxSpeedRadiansPerSecond: Double
        public var maxAccelerationRadiansPerSecondSquared: Double

        public init(minRadians: Double?, maxRadians: Double?, maxSpeedRadiansPerSecond: Double,
                    maxAccelerationRadiansPerSecondSquared: Double) {
            self.minRadians = minRadians
            self.maxRadians = maxRadians
            self.maxSpeedRadiansPerSecond = maxSpeedRadiansPerSecond
            self.maxAccelerationRadiansPerSecondSquared = maxAccelerationRadiansPerSecondSquared
        }
    }

    public enum Encoder: Equatable, Sendable {
        case quadrature(Quadrature)
        case as5600(AS5600)
    }

    /// An incremental A/B encoder, decoded x4.
    public struct Quadrature: Equatable, Sendable {
        public var lineA: Int
        public var lineB: Int
        /// Counts (all four edges of both channels) per AXIS revolution.
        public var countsPerRevolution: Int
        public var invert: Bool

        public init(lineA: Int, lineB: Int, countsPerRevolution: Int, invert: Bool) {
            self.lineA = lineA
            self.lineB = lineB
            self.countsPerRevolution = countsPerRevolution
            self.invert = invert
        }

        public var countsPerRadian: Double { Double(countsPerRevolution) / (2 * Double.pi) }
    }

    /// An AS5600 magnetic angle sensor on an I2C bus (12 bits per sensor turn).
    public struct AS5600: Equatable, Sendable {
        /// N of `/dev/i2c-N`.
        public var i2cBus: Int
        /// 7-bit address; the AS5600's is fixed at 0x36.
        public var address: Int
        /// Sensor (magnet) turns per axis turn.
        public var gearRatio: Double
        public var invert: Bool
        /// The axis angle the sensor reports when the axis is at its zero.
        public var zeroOffsetRadians: Double
        /// Readings per second on the sensor's reader thread.
        public var sampleRateHz: Int

        public init(i2cBus: Int, address: Int, gearRatio: Double, invert: Bool, zeroOffsetRadians: Double,
                    sampleRateHz: Int) {
            self.i2cBus = i2cBus
            self.address = address
            self.gearRatio = gearRatio
            self.invert = invert
            self.zeroOffsetRadians = zeroOffsetRadians
            self.sampleRateHz = sampleRateHz
        }
    }

    public struct SerialPort: Equatable, Sendable {
        public enum Role: String, Equatable, Sendable {
            /// The link to the host (phone bridge, laptop).
            case host
            /// The on-board vision co-processor's link.
            case vision
        }

        public var role: Role
        /// A device path such as `/dev/ttyAMA0`, or `pty` to create a pseudo-terminal pair.
        public var device: String
        public var baud: Int

        public init(role: Role, device: String, baud: Int) {
            self.role = role
            self.device = device
            self.baud = baud
        }
    }

    /// The physical model behind a simulated board.
    public struct Simulation: Equatable, Sendable {
        /// How stiffly a stepper rotor follows its magnetic field (second-order model).
        public var stepperNaturalFrequencyHz: Double
        public var stepperDampingRatio: Double
        /// How fast a hobby servo horn slews toward its commanded angle.
        public var servoSlewRadiansPerSecond: Double
        /// Integration step of the physical model.
        public var integrationStepMicroseconds: Int
        /// Simulated power supplies, read like the power_supply class.
        public var batteries: [SimulatedBattery]

        public init(stepperNaturalFrequencyHz: Double, stepperDampingRatio: Double,
                    servoSlewRadiansPerSecond: Double, integrationStepMicroseconds: Int,
                    batteries: [SimulatedBattery] = []) {
            self.batteries = batteries
            self.stepperNaturalFrequencyHz = stepperNaturalFrequencyHz
            self.stepperDampingRatio = stepperDampingRatio
            self.servoSlewRadiansPerSecond = servoSlewRadiansPerSecond
            self.integrationStepMicroseconds = integrationStepMicroseconds
        }
    }
}
