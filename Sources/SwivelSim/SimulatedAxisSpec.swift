public import SwivelHardware

/// One axis of the simulated stand: which lines its motor and encoder are
/// wired to, and the physical constants of the model.
public struct SimulatedAxisSpec: Equatable, Sendable {
    public enum Motor: Equatable, Sendable {
        /// A stepper behind a step/dir driver. The rotor follows the driver's
        /// field through a spring-damper while ENABLE is active and coasts to
        /// rest against friction while it is not. A real rotor is pulled to
        /// the nearest of the field's equilibria, one every electrical period
        /// (4 full steps); `electricalPeriodMicrosteps` models that (0: an
        /// ideal spring to the field's absolute angle).
        case stepper(
            stepLine: Int, directionLine: Int, enableLine: Int?, enableActiveLow: Bool,
            microstepsPerRadian: Double, invertDirection: Bool,
            naturalFrequencyHz: Double, dampingRatio: Double,
            coastDecelerationRadiansPerSecondSquared: Double = 20,
            electricalPeriodMicrosteps: Int = 0)
        /// A hobby servo: the horn slews at a fixed rate toward the angle the
        /// latest pulse asks for.
        case servo(pwmChip: Int, pwmChannel: Int, mapping: ServoPulseMapping, slewRadiansPerSecond: Double)
    }

    public enum Encoder: Equatable, Sendable {
        /// An incremental A/B encoder on the axis; `invert` swaps its sense.
        case quadrature(lineA: Int, lineB: Int, countsPerRadian: Double, invert: Bool)
    }

    /// A switch that closes while the axis is at or past `positionRadians`
    /// (below it when `closedBelow`, above it otherwise).
    public struct Switch: Equatable, Sendable {
        public var line: Int
        public var positionRadians: Double
        public var closedBelow: Bool
        /// Closed pulls the line low.
        public var activeLow: Bool

        public init(line: Int, positionRadians: Double, closedBelow: Bool, activeLow: Bool) {
            self.line = line
            self.positionRadians = positionRadians
            self.closedBelow = closedBelow
            self.activeLow = activeLow
        }

        func isClosed(atRadians angle: Double) -> Bool { closedBelow ? angle <= positionRadians : angle >= positionRadians }
        func level(atRadians angle: Double) -> Bool { isClosed(atRadians: angle) != activeLow }
    }

    public var axis: Axis
    public var motor: Motor
    public var encoder: Encoder?
    public var homeSwitch: Switch?
    public var initialAngleRadians: Double

    public init(axis: Axis, motor: Motor, encoder: Encoder? = nil, homeSwitch: Switch? = nil, initialAngleRadians: Double = 0) {
        self.axis = axis
        self.motor = motor
        self.encoder = encoder
        self.homeSwitch = homeSwitch
        self.initialAngleRadians = initialAngleRadians
    }
}
