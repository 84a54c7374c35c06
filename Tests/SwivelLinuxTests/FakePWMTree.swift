#if os(Linux)
/// A directory tree shaped like /sys/class/pwm. It cannot react to `export`,
/// so a test pre-creates the `pwmK/` directory the kernel would make.
final class FakePWMTree {
    let tree: TemporaryTree
    var root: String { tree.path }

    init() throws { tree = try TemporaryTree("swivel-pwm") }

    /// Files are open to everyone, standing in for the gpio group that Raspberry
    /// Pi OS's udev rule gives access to; a permission test narrows one of them.
    ///
    /// `pwmchipN` with `npwm`, `export`, `unexport` and, when given, a
    /// `device` link like the kernel's (`../../../1f00098000.pwm`).
    func addChip(_ number: Int, channels: Int, device: String? = nil) throws {
        let chip = "pwmchip\(number)"
        try tree.makeDirectory(chip)
        try tree.write("\(chip)/npwm", "\(channels)\n", mode: 0o444)
        try tree.write("\(chip)/export", "", mode: 0o222)
        try tree.write("\(chip)/unexport", "", mode: 0o222)
        if let device {
            try tree.symlink("\(chip)/device", to: "../../../devices/platform/axi/\(device)")
        }
    }

    /// The `pwmK/` directory the kernel creates on export, holding the
    /// channel's current state.
    func addExportedChannel(chip: Int, channel: Int, period: Int64 = 0, dutyCycle: Int64 = 0, enabled: Bool = false) throws {
        let directory = "pwmchip\(chip)/pwm\(channel)"
        try tree.makeDirectory(directory)
        try tree.write("\(directory)/period", "\(period)\n", mode: 0o666)
        try tree.write("\(directory)/duty_cycle", "\(dutyCycle)\n", mode: 0o666)
        try tree.write("\(directory)/enable", enabled ? "1\n" : "0\n", mode: 0o666)
    }

    /// What the kernel would hold in `pwmchipN/pwmK/<name>`.
    func channelAttribute(chip: Int = 0, channel: Int = 0, _ name: String) -> String? {
        tree.attribute("pwmchip\(chip)/pwm\(channel)/\(name)")
    }

    /// The last thing written to `pwmchipN/export` or `unexport`.
    func chipAttribute(chip: Int = 0, _ name: String) -> String? {
        tree.attribute("pwmchip\(chip)/\(name)")
    }
}
#endif
