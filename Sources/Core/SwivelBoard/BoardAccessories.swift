/// What a stand has besides its axes: physical buttons and batteries.
extension Board {
    /// A push button on a GPIO input line.
    public struct Button: Equatable, Sendable {
        /// What a press does, in DockKit's terms.
        public enum Action: Equatable, Sendable {
            case cameraShutter
            case cameraFlip
            /// Sends `cameraZoom(factor)` with a positive factor.
            case cameraZoomIn(factor: Double)
            /// Sends `cameraZoom(factor)` with the factor negated (DockKit: < 0 zooms out).
            case cameraZoomOut(factor: Double)
            /// Sends `button(id, pressed)` on press and on release.
            case button(id: Int)
            /// Toggles system tracking, as a host's setSystemTrackingEnabled would.
            case trackingToggle
        }

        /// The pull resistor the line asks for.
        public enum Bias: String, Equatable, Sendable {
            case pullUp
            case pullDown
            /// No internal pull: the board has its own resistor.
            case none
        }

        public var name: String
        public var line: Int
        public var action: Action
        /// Pressed while the line is low (a button to ground with a pull-up).
        public var activeLow: Bool
        public var bias: Bias
        public var debounceMilliseconds: Int

        public init(name: String, line: Int, action: Action, activeLow: Bool, bias: Bias, debounceMilliseconds: Int) {
            self.name = name
            self.line = line
            self.action = action
            self.activeLow = activeLow
            self.bias = bias
            self.debounceMilliseconds = debounceMilliseconds
        }
    }

    /// A battery read from the Linux power_supply class.
    public struct Battery: Equatable, Sendable {
        /// The name hosts see in BATTERY_STATE.
        public var name: String
        /// The directory under /sys/class/power_supply, such as "BAT0".
        public var powerSupply: String

        public init(name: String, powerSupply: String) {
            self.name = name
            self.powerSupply = powerSupply
        }
    }

    /// A battery of the simulated board, driven by the stand's clock.
    public struct SimulatedBattery: Equatable, Sendable {
        public var name: String
        /// 0...1 when the stand starts.
        public var startLevel: Double
        /// Level lost per hour while not charging.
        public var drainPerHour: Double
        public var charging: Bool
        /// Level gained per hour while charging.
        public var chargePerHour: Double

        public init(name: String, startLevel: Double, drainPerHour: Double, charging: Bool, chargePerHour: Double) {
            self.name = name
            self.startLevel = startLevel
            self.drainPerHour = drainPerHour
            self.charging = charging
            self.chargePerHour = chargePerHour
        }
    }

    /// The names hosts see in BATTERY_STATE, whichever backend reads them.
    public var batteryNames: [String] {
        batteries.map(\.name) + (simulation?.batteries.map(\.name) ?? [])
    }
}
