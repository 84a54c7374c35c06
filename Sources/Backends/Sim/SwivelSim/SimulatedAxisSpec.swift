public import SwivelHardware

/// One axis of the simulated stand: which lines its motor and encoder are
/// wired to, and the physical constants of the model.
public struct SimulatedAxisSpec: Equatable, Sendable {
    /// What moves the axis: any motor type's part in the model
    /// (`SimulatedMotorSpec`). Each type adds its constructor in its own file
    /// (`.stepper(...)` in SimulatedStepper.swift, `.servo(...)` in SimulatedServo.swift).
    public struct Motor: Equatable, Sendable {
        public let spec: any SimulatedMotorSpec

        public init(_ spec: any SimulatedMotorSpec) { self.spec = spec }

        public static func == (a: Motor, b: Motor) -> Bool { a.spec.isEqual(to: b.spec) }
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
