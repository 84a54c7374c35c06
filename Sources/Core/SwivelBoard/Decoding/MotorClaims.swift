/// One claim of one motor (or serial port), where the board file makes it.
struct ClaimUse {
    var claim: MotorClaim
    var path: String
    var fileLine: Int?
}

/// Two motors on one bus address, two buses on one device at different
/// baud rates, a servo bus on the host's serial port: each would garble the
/// other. Claims arrive in the fixed axis order, then the serial ports.
extension BoardDecoder {
    func noteClaims(of motor: Board.Motor, path: String, line: Int) {
        for claim in motor.settings.claims {
            claimUses.append(ClaimUse(claim: claim, path: path, fileLine: line))
        }
    }

    func reportClaimConflicts(serialPorts: [Board.SerialPort]) {
        var uses = claimUses
        for (index, port) in serialPorts.enumerated() where port.device != "pty" {
            uses.append(ClaimUse(claim: .exclusive(MotorClaim.serialDevice(port.device)), path: "serial[\(index)]", fileLine: nil))
        }
        var first: [String: ClaimUse] = [:]
        for use in uses {
            guard let earlier = first[use.claim.resource] else {
                first[use.claim.resource] = use
                continue
            }
            let both = "\(use.path) and \(earlier.path)"
            if use.claim.terms == nil || earlier.claim.terms == nil {
                report(use.path, line: use.fileLine, "\(both) both claim \(use.claim.resource), which only one of them may have")
            } else if use.claim.terms != earlier.claim.terms {
                report(use.path, line: use.fileLine, "\(both) share \(use.claim.resource) but disagree: "
                    + "\(use.claim.terms ?? "") here, \(earlier.claim.terms ?? "") there; every motor on a bus uses the same settings")
            }
        }
    }
}
