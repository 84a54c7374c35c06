public import SwivelVocabulary

/// Every failure of an I2C transfer or of opening a bus, as a value that says
/// what is wrong in the maker's terms (which bus, which address, what to do).
public typealias I2CError = ReasonedError<I2CErrorKind>

public enum I2CErrorKind: String, Sendable {
    /// The bus device does not exist (I2C not enabled, wrong bus number).
    case noSuchBus
    /// The bus exists but this user may not open it.
    case permissionDenied
    /// The path opened is not an I2C adapter (a regular file, a tty).
    case notAnAdapter
    /// The adapter cannot do the transfer the device is read with.
    case unsupportedTransfer
    /// A kernel driver is bound to the device's address.
    case addressInUse
    /// No device acknowledged its address.
    case noAnswer
    /// The transfer started but failed (timeout, arbitration lost, short read).
    case transferFailed
    /// The request itself is unusable (an address outside 7 bits, an empty or too long read).
    case invalidRequest
}
