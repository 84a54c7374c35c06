public import SwivelVocabulary

/// Every failure of the hardware layer, as a value with the reason a maker needs.
public typealias HardwareError = ReasonedError<HardwareErrorKind>

public enum HardwareErrorKind: String, Sendable {
    case chipNotFound
    case lineOutOfRange
    case lineBusy
    case permissionDenied
    case invalidConfiguration
    case ioFailure
}
