/// An I2C device that also takes register writes (a PWM chip, a servo
/// controller): one SMBus block write of `I2CRegisterWrite.bytes` at its
/// register. A sensor that is only read needs none of this, so it is a
/// refinement rather than a requirement of every `I2CRegisterDevice`.
public protocol I2CWritableDevice: I2CRegisterDevice {
    func write(_ write: I2CRegisterWrite) throws(I2CError)
}
