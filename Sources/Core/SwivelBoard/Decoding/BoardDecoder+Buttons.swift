/// `buttons`: push buttons on input lines of the board's GPIO chip.
extension BoardDecoder {
    func decodeButtons(_ root: ObjectFields) -> [Board.Button]? {
        guard let objects = objectList(root, "buttons", of: "buttons", allowed: BoardKeys.button) else { return nil }
        var buttons: [Board.Button] = []
        var allValid = true
        var names: [String: String] = [:]
        var ids: [Int: String] = [:]
        for object in objects {
            guard let object else {
                allValid = false
                continue
            }
            let name = string(object, "name", lengths: BoardKeys.accessoryNameLengths)
            let unique = uniqueName(name, seen: &names, what: "button name")
            let line = gpioLine(object, "line", required: true)
            let action = decodeButtonAction(object, ids: &ids)
            let activeLow = bool(object, "activeLow", default: true)
            let bias = optionalChoice(object, "bias", options: BoardKeys.buttonBiases, default: "pullUp")
                .flatMap { Board.Button.Bias(rawValue: $0.value) }
            let debounce = integer(object, "debounceMs", in: 0...1000, default: 10)
            guard unique, let name, let line, let action, let activeLow, let bias, let debounce else {
                allValid = false
                continue
            }
            buttons.append(Board.Button(
                name: name.value, line: line.value, action: action, activeLow: activeLow.value, bias: bias,
                debounceMilliseconds: debounce.value))
        }
        return allValid ? buttons : nil
    }

    /// The action, with `id` only for "button" and `zoomFactor` only for the zoom actions.
    private func decodeButtonAction(_ object: ObjectFields, ids: inout [Int: String]) -> Board.Button.Action? {
        guard let action = choice(object, "action", options: BoardKeys.buttonActions) else { return nil }
        let isZoom = action.value == "cameraZoomIn" || action.value == "cameraZoomOut"
        var valid = true
        for (key, allowed, purpose) in [("id", action.value == "button", "action \"button\""),
                                        ("zoomFactor", isZoom, "actions \"cameraZoomIn\" and \"cameraZoomOut\"")]
        where !allowed {
            if let member = object.member(key) {
                report(object.path(of: key), line: member.keyPosition.line,
                       "\(key) is only for \(purpose), and this button's action is \(ValueText.quoted(action.value))")
                valid = false
            }
        }
        switch action.value {
        case "cameraShutter": return valid ? .cameraShutter : nil
        case "cameraFlip": return valid ? .cameraFlip : nil
        case "trackingToggle": return valid ? .trackingToggle : nil
        case "button":
            guard let id = integer(object, "id", in: 0...255) else { return nil }
            if let first = ids[id.value] {
                report(id, "button id \(id.value) is already used by \(first); a host could not tell them apart")
                return nil
            }
            ids[id.value] = id.path
            return valid ? .button(id: id.value) : nil
        default:
            guard let factor = number(object, "zoomFactor", .zoomFactor, default: 1), valid else { return nil }
            return action.value == "cameraZoomIn" ? .cameraZoomIn(factor: factor.value) : .cameraZoomOut(factor: factor.value)
        }
    }

    /// `choice` for a key that may be left out.
    func optionalChoice(_ fields: ObjectFields, _ key: String, options: [String], default fallback: String) -> Located<String>? {
        guard fields.has(key) else { return Located(value: fallback, path: fields.path(of: key), line: fields.line) }
        return choice(fields, key, options: options)
    }
}
