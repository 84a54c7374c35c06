/// `serial`: an optional list of ports, each role at most once.
extension BoardDecoder {
    func decodeSerialPorts(_ root: ObjectFields) -> [Board.SerialPort]? {
        guard let member = member(root, "serial", required: false) else { return [] }
        let path = root.path(of: "serial")
        guard case .array(let elements) = member.value.kind else {
            report(path, line: member.value.line, "expected an array of serial ports, found \(ValueText.describe(member.value))")
            return nil
        }
        var ports: [Board.SerialPort] = []
        var allValid = true
        var roleUser: [String: String] = [:]
        for (index, element) in elements.enumerated() {
            let elementPath = KeyPath.element(index, of: path)
            guard let port = asObject(element, path: elementPath) else {
                allValid = false
                continue
            }
            rejectUnknownKeys(port, allowed: BoardKeys.serialPort)
            let role = choice(port, "role", options: ["host", "vision"])
            if let role {
                if let first = roleUser[role.value] {
                    report(role, "role \"\(role.value)\" is already used by \(first); each role may appear at most once")
                    allValid = false
                } else {
                    roleUser[role.value] = elementPath
                }
            }
            let device = decodeDevice(port)
            let baud = integer(port, "baud", oneOf: BoardKeys.bauds)
            guard let role, let roleValue = Board.SerialPort.Role(rawValue: role.value), let device, let baud else {
                allValid = false
                continue
            }
            ports.append(Board.SerialPort(role: roleValue, device: device, baud: baud.value))
            noteUARTPins(device: device, path: elementPath, fileLine: element.line)
        }
        return allValid ? ports : nil
    }

    /// `pty`, or an absolute path under /dev/ with no `.`/`..` or empty components.
    private func decodeDevice(_ port: ObjectFields) -> String? {
        serialDevice(port, example: "/dev/ttyAMA0")?.value
    }

    /// A serial device key (`device`): `pty`, or an absolute path under /dev/
    /// with no `.`/`..` or empty components; `example` shows one in the reason.
    func serialDevice(_ fields: ObjectFields, example: String) -> Located<String>? {
        guard let device = string(fields, "device", lengths: 1...255) else { return nil }
        if device.value == "pty" { return device }
        let components = device.value.dropFirst("/dev/".count).split(separator: "/", omittingEmptySubsequences: false)
        let valid = device.value.hasPrefix("/dev/") && !components.isEmpty
            && components.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
            && !device.value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard valid else {
            report(device, "expected \"pty\" or an absolute device path under /dev/ such as \"\(example)\", "
                + "found \(ValueText.quoted(device.value))")
            return nil
        }
        return device
    }
}
