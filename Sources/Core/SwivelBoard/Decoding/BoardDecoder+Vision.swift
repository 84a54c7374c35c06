/// `vision`: optional; the vision co-processor program's camera, detector and link.
extension BoardDecoder {
    /// `.valid(nil)` when the section is absent. `serialPorts` is nil when
    /// `serial` itself has problems: the link cross-check then waits for those.
    func decodeVision(_ root: ObjectFields, serialPorts: [Board.SerialPort]?) -> VisionRead {
        guard root.has("vision") else { return .valid(nil) }
        guard let vision = object(root, "vision", allowed: BoardKeys.vision, required: false) else { return .invalid }
        let defaults = Board.Vision.defaults
        let source = enumeration(vision, "source", default: defaults.source)
        let device = decodeVideoDevice(vision, default: defaults.device)
        let width = integer(vision, "widthPx", in: BoardKeys.visionFrameSidesPx, default: defaults.widthPx)
        let height = integer(vision, "heightPx", in: BoardKeys.visionFrameSidesPx, default: defaults.heightPx)
        let rate = number(vision, "frameRateHz", .visionFrameRate, default: defaults.frameRateHz)
        let detector = enumeration(vision, "detector", default: defaults.detector)
        let confidence = number(vision, "minConfidence", .visionMinimumConfidence, default: defaults.minConfidence)
        let deviceType = enumeration(vision, "cameraDeviceType", default: defaults.cameraDeviceType)
        let position = enumeration(vision, "cameraPosition", default: defaults.cameraPosition)
        let intrinsics = decodeVisionIntrinsics(vision)
        let link = enumeration(vision, "link", default: defaults.link)
        let gestures = bool(vision, "gestures", default: defaults.gestures)
        var linked = true
        if let link, link.value == .vision, let serialPorts, !serialPorts.contains(where: { $0.role == .vision }) {
            report(link, "link \"vision\" sends on the board's serial entry with role \"vision\", and serial has none: "
                + "add { role: \"vision\", device: \"pty\", baud: 921600 } (or a UART) to serial, or set link: \"socket\"")
            linked = false
        }
        guard linked, let source, let device, let width, let height, let rate, let detector, let confidence,
              let deviceType, let position, case .valid(let intrinsicsValue) = intrinsics, let link, let gestures
        else { return .invalid }
        return .valid(Board.Vision(
            source: source.value, device: device.value, widthPx: width.value, heightPx: height.value,
            frameRateHz: rate.value, detector: detector.value, minConfidence: confidence.value,
            cameraDeviceType: deviceType.value, cameraPosition: position.value, intrinsics: intrinsicsValue,
            link: link.value, gestures: gestures.value))
    }

    /// An optional string key drawn from an enum's raw values, in declaration order.
    private func enumeration<Value: RawRepresentable & CaseIterable>(
        _ fields: ObjectFields, _ key: String, default fallback: Value
    ) -> Located<Value>? where Value.RawValue == String {
        let options = Value.allCases.map(\.rawValue)
        guard let text = optionalChoice(fields, key, options: options, default: fallback.rawValue),
              let value = Value(rawValue: text.value) else { return nil }
        return Located(value: value, path: text.path, line: text.line)
    }

    /// An absolute path: a `/dev/videoN` camera or a video file OpenCV plays.
    private func decodeVideoDevice(_ vision: ObjectFields, default fallback: String) -> Located<String>? {
        guard vision.has("device") else {
            return Located(value: fallback, path: vision.path(of: "device"), line: vision.line)
        }
        guard let device = string(vision, "device", lengths: 1...255) else { return nil }
        let valid = device.value.hasPrefix("/") && device.value != "/"
            && !device.value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard valid else {
            report(device, "expected an absolute path: a camera such as \"/dev/video0\" or a video file such as "
                + "\"/home/pi/clip.mp4\", found \(ValueText.quoted(device.value))")
            return nil
        }
        return device
    }

    /// All four keys when the object is given: a half-known camera is a guess.
    private func decodeVisionIntrinsics(_ vision: ObjectFields) -> VisionIntrinsicsRead {
        guard vision.has("intrinsics") else { return .valid(nil) }
        guard let fields = object(vision, "intrinsics", allowed: BoardKeys.visionIntrinsics, required: false) else {
            return .invalid
        }
        let fx = number(fields, "fxPx", .focalLengthPx)
        let fy = number(fields, "fyPx", .focalLengthPx)
        let cx = number(fields, "cxPx", .principalPointPx)
        let cy = number(fields, "cyPx", .principalPointPx)
        guard let fx, let fy, let cx, let cy else { return .invalid }
        return .valid(Board.Vision.Intrinsics(fxPx: fx.value, fyPx: fy.value, cxPx: cx.value, cyPx: cy.value))
    }
}

/// The result of reading `vision`, whose absence is valid.
enum VisionRead {
    case valid(Board.Vision?)
    case invalid
}

enum VisionIntrinsicsRead {
    case valid(Board.Vision.Intrinsics?)
    case invalid
}
