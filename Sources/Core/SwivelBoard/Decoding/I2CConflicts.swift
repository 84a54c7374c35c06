/// One I2C (bus, address) claimed by one encoder.
struct I2CUse {
    var bus: Int
    var address: Int
    var encoderPath: String
    var path: String
    var fileLine: Int
}

/// Two sensors at one address on one bus answer together and garble every
/// read; the AS5600's address is fixed, so each needs its own bus.
extension BoardDecoder {
    func reportI2CConflicts() {
        var firstUser: [[Int]: String] = [:]
        for use in i2cUses {
            let key = [use.bus, use.address]
            if let first = firstUser[key] {
                report(use.path, line: use.fileLine,
                       "i2c bus \(use.bus) address \(ValueText.hexByte(use.address)) used by \(use.encoderPath) and \(first)")
            } else {
                firstUser[key] = use.encoderPath
            }
        }
    }
}
