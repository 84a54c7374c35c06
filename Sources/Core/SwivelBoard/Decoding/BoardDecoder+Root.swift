/// The top level: identity, backend, GPIO chip and loop rate, then the sections.
extension BoardDecoder {
    func decodeBoard(_ root: JSON5Value) -> Board? {
        guard case .object(let members) = root.kind else {
            report("", line: root.line, "expected the board to be an object { … }, found \(ValueText.describe(root))")
            return nil
        }
        let fields = ObjectFields(path: "", line: root.line, members: members)
        rejectUnknownKeys(fields, allowed: BoardKeys.root)

        let name = string(fields, "name", lengths: 1...64)
        let hardwareModel = decodeHardwareModel(fields)
        let backend = choice(fields, "backend", options: ["simulated", "gpiod"])
            .flatMap { Board.Backend(rawValue: $0.value) }
        let chipLabel = decodeGPIO(fields)
        self.chipLabel = chipLabel
        let loop = decodeLoop(fields)
        let loopRate = loop?.rate
        let axes = decodeAxes(fields)
        let buttons = decodeButtons(fields)
        // After every key that claims a line: axes first, then buttons.
        reportLineConflicts()
        let serialPorts = decodeSerialPorts(fields)
        reportClaimConflicts(serialPorts: serialPorts ?? [])
        reportPinClashes()
        let simulation = decodeSimulation(fields, backend: backend, loopRate: loopRate)
        let camera = decodeCamera(fields)
        let batteries = decodeBatteries(fields, backend: backend)
        let vision = decodeVision(fields, serialPorts: serialPorts)
        let idleTimeout = number(fields, "idleTimeoutSeconds", .idleTimeout, default: Board.defaultIdleTimeoutSeconds)

        guard let name, let hardwareModel, let backend, let chipLabel, let loopRate, let axes,
              let serialPorts, case .valid(let simulationModel) = simulation, let camera, let loop, let buttons,
              let batteries, case .valid(let visionSettings) = vision, let idleTimeout else { return nil }
        return Board(name: name.value, hardwareModel: hardwareModel, backend: backend,
                     gpioChipLabel: chipLabel, loopRateHz: loopRate.value, axes: axes,
                     serialPorts: serialPorts, simulation: simulationModel, camera: camera, stepCore: loop.stepCore,
                     buttons: buttons, batteries: batteries, vision: visionSettings,
                     signals: lineUses.map { Board.Signal(keyPath: $0.path, fileLine: $0.fileLine, line: $0.line) },
                     idleTimeoutSeconds: idleTimeout.value)
    }

    private func decodeHardwareModel(_ fields: ObjectFields) -> String? {
        guard let model = string(fields, "hardwareModel", lengths: 1...64) else { return nil }
        let allowed = model.value.unicodeScalars.allSatisfy { c in
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
                || c == "." || c == "_" || c == "-"
        }
        guard allowed else {
            report(model, "may contain only letters A-Z a-z, digits, '.', '_' and '-', found \(ValueText.quoted(model.value))")
            return nil
        }
        return model.value
    }

    /// The chip is found by label because gpiochip numbers change with probe
    /// order and kernel version; labels do not.
    private func decodeGPIO(_ root: ObjectFields) -> String? {
        guard let gpio = object(root, "gpio", allowed: BoardKeys.gpio, required: true),
              let label = string(gpio, "chipLabel", lengths: 1...64) else { return nil }
        let bytes = label.value.utf8.count
        guard bytes <= BoardKeys.maximumChipLabelBytes else {
            report(label, "must be at most \(BoardKeys.maximumChipLabelBytes) bytes (the kernel's label size), found \(bytes)")
            return nil
        }
        if looksLikeChipNumberOrDevice(label.value) {
            report(label, "the chip is found by its label (e.g. \"pinctrl-bcm2711\", as `gpiodetect` shows in brackets), "
                + "never by number or device name, found \(ValueText.quoted(label.value))")
            return nil
        }
        return label.value
    }

    private func looksLikeChipNumberOrDevice(_ label: String) -> Bool {
        let isNumber = { (text: Substring) in !text.isEmpty && text.allSatisfy { ("0"..."9").contains($0) } }
        return label.hasPrefix("/dev/") || isNumber(label[...])
            || (label.hasPrefix("gpiochip") && isNumber(label.dropFirst("gpiochip".count)))
    }
}
