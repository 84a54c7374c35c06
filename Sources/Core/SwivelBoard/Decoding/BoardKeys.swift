import SwivelVocabulary

/// The keys each object of a board file accepts, in documentation order, and
/// the fixed sets some values are drawn from. boards/README.md mirrors these.
/// A motor type's keys live beside its decoder (`BoardDecoder+<Type>.swift`).
enum BoardKeys {
    static let root = ["name", "hardwareModel", "backend", "gpio", "loop", "axes", "serial", "simulation", "camera",
                       "buttons", "batteries", "vision", "idleTimeoutSeconds"]
    static let camera = ["wideAngle", "ultraWide", "telephoto", "other"]
    static let fieldOfView = ["horizontalFovRad", "verticalFovRad"]
    static let vision = ["source", "device", "widthPx", "heightPx", "frameRateHz", "detector", "minConfidence",
                         "cameraDeviceType", "cameraPosition", "intrinsics", "link", "gestures"]
    static let visionIntrinsics = ["fxPx", "fyPx", "cxPx", "cyPx"]
    /// A camera frame's side: smaller than 64 px holds no detectable face; 4096 is a 4K sensor's width.
    static let visionFrameSidesPx = 64...4096
    static let gpio = ["chipLabel"]
    static let loop = ["rateHz", "stepCore"]
    /// Also the fixed order of pin-conflict checks.
    static let axisNames = Axis.allCases.map(\.description)
    static let axis = ["continuous", "limits", "motor", "encoder", "faultDetection", "homing", "holdWhenIdle"]
    static let faultDetection = ["maxFollowingErrorRad", "silentTravelRad"]
    static let homing = ["switchLine", "switchActiveLow", "direction", "switchPositionRad", "speedRadPerSec",
                         "backoffRad", "maxTravelRad"]
    static let limits = ["minRad", "maxRad", "maxSpeedRadPerSec", "maxAccelRadPerSec2"]
    static let encoderTypes = ["quadrature", "as5600"]
    static let quadrature = ["type", "aLine", "bLine", "countsPerRevolution", "invert"]
    static let as5600 = ["type", "i2cBus", "address", "gearRatio", "invert", "zeroOffsetRad", "sampleRateHz"]
    static let serialPort = ["role", "device", "baud"]
    static let simulation = ["stepperNaturalFrequencyHz", "stepperDampingRatio", "servoSlewRadPerSec",
                             "integrationStepUs", "batteries"]
    static let button = ["name", "line", "action", "id", "zoomFactor", "activeLow", "bias", "debounceMs"]
    /// DockKit's accessory events, plus the tracking button.
    static let buttonActions = ["cameraShutter", "cameraFlip", "cameraZoomIn", "cameraZoomOut", "button",
                                "trackingToggle"]
    static let buttonBiases = ["pullUp", "pullDown", "none"]
    static let battery = ["name", "powerSupply"]
    static let simulatedBattery = ["name", "startLevel", "drainPerHour", "charging", "chargePerHour"]
    /// BATTERY_STATE names are wire strings; keep them short enough for a host's UI.
    static let accessoryNameLengths = 1...32

    /// Linux I2C bus numbers (`/dev/i2c-N`).
    static let i2cBuses = 0...63
    /// 7-bit addresses outside the reserved ranges.
    static let i2cAddresses = 0x08...0x77
    /// One AS5600 sample takes about 150 µs at a 400 kHz bus clock.
    static let as5600SampleRatesHz = 10...5_000
    /// Line offsets on one gpiochip; 512 covers every Raspberry Pi chip with room to spare.
    static let gpioLines = 0...511
    /// CPU numbers a cpu_set_t can hold (CPU_SETSIZE is 1024).
    static let cpuCores = 0...1023
    static let microsteps = [1, 2, 4, 8, 16, 32, 64, 128, 256]
    static let bauds = [9600, 19200, 38400, 57600, 115200, 230400, 460800, 500000, 576000, 921600,
                        1000000, 1500000, 2000000]
    /// The kernel's gpiochip label field is 32 bytes including the terminating NUL.
    static let maximumChipLabelBytes = 31
}
