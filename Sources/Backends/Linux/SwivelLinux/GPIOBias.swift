#if os(Linux)
/// The pull resistor of an input line. Encoders with open-collector outputs
/// need a pull-up; `asIs` keeps whatever the device tree configured.
public enum GPIOBias: Sendable, Equatable {
    case asIs
    case disabled
    case pullUp
    case pullDown

    /// The shim's `enum swivel_gpio_bias`.
    var shimValue: Int32 {
        switch self {
        case .asIs: return 0
        case .disabled: return 1
        case .pullUp: return 2
        case .pullDown: return 3
        }
    }
}
#endif
