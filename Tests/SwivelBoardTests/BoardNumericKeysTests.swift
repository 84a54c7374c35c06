import Testing
@testable import SwivelBoard

/// Every numeric key the loader reads has a physical range, stated in its
/// reason and in boards/README.md; an absurd value in any of them is a
/// located problem on that key alone. The keys come from the loader itself
/// (every `number` and `integer` read, defaulted ones included) and from
/// BoardKeys, so a key added without a bound, without a README row or
/// without a place in the fixture below fails here.
@Suite struct BoardNumericKeysTests {
    static func n(_ text: String) -> BoardTree { .number(text) }
    static func s(_ text: String) -> BoardTree { .string(text) }

    static func limits(_ range: (String, String)?, speed: String, acceleration: String) -> BoardTree {
        var members: [(String, BoardTree)] = []
        if let range { members += [("minRad", n(range.0)), ("maxRad", n(range.1))] }
        return .object(members + [("maxSpeedRadPerSec", n(speed)), ("maxAccelRadPerSec2", n(acceleration))])
    }

    static func fieldOfView(_ horizontal: String, _ vertical: String) -> BoardTree {
        .object([("horizontalFovRad", n(horizontal)), ("verticalFovRad", n(vertical))])
    }

    /// A valid simulated board with every optional section and numeric key.
    static func maximal(rollOutput: [(String, BoardTree)]) -> BoardTree {
        let yaw: BoardTree = .object([
            ("limits", limits(("-2.8", "2.8"), speed: "3", acceleration: "12")),
            ("motor", .object([
                ("type", s("stepper")), ("stepLine", n("17")), ("dirLine", n("27")), ("enableLine", n("22")),
                ("enableActiveLow", .bool(true)), ("stepsPerRevolution", n("200")), ("microsteps", n("16")),
                ("gearRatio", n("3")), ("invertDirection", .bool(false)), ("maxStepRateHz", n("20000")),
                ("minPulseWidthNs", n("2000")), ("dirSetupNs", n("1000")),
                ("tmc2209", .object([
                    ("device", s("/dev/ttyAMA0")), ("baud", n("115200")), ("address", n("0")), ("runCurrentAmps", n("0.8")),
                    ("holdCurrentAmps", n("0.4")), ("senseResistorOhms", n("0.11")), ("stealthChop", .bool(true)),
                    ("stealthChopThresholdRadPerSec", n("2")),
                ])),
            ])),
            ("encoder", .object([
                ("type", s("as5600")), ("i2cBus", n("1")), ("address", n("0x36")), ("gearRatio", n("1")),
                ("invert", .bool(false)), ("zeroOffsetRad", n("0.1")), ("sampleRateHz", n("1000")),
            ])),
            ("faultDetection", .object([("maxFollowingErrorRad", n("0.2")), ("silentTravelRad", n("0.3"))])),
            ("homing", .object([
                ("switchLine", n("21")), ("switchActiveLow", .bool(true)), ("direction", s("negative")),
                ("switchPositionRad", n("-2.9")), ("speedRadPerSec", n("0.25")), ("backoffRad", n("0.05")),
                ("maxTravelRad", n("6.5")),
            ])),
        ])
        let pitch: BoardTree = .object([
            ("continuous", .bool(false)), ("holdWhenIdle", .bool(true)),
            ("limits", limits(("-0.7", "0.7"), speed: "2", acceleration: "10")),
            ("motor", .object([
                ("type", s("stepper")), ("stepLine", n("23")), ("dirLine", n("24")), ("stepsPerRevolution", n("200")),
                ("microsteps", n("16")), ("gearRatio", n("2")),
            ])),
            ("encoder", .object([
                ("type", s("quadrature")), ("aLine", n("13")), ("bLine", n("19")), ("countsPerRevolution", n("8192")),
                ("invert", .bool(false)),
            ])),
        ])
        let roll: BoardTree = .object([
            ("limits", limits(("-0.5", "0.5"), speed: "4", acceleration: "20")),
            ("motor", .object([("type", s("servo"))] + rollOutput + [
                ("periodUs", n("20000")), ("minPulseUs", n("1000")), ("maxPulseUs", n("2000")),
                ("angleAtMinPulseRad", n("-0.785")), ("angleAtMaxPulseRad", n("0.785")),
            ])),
        ])
        return .object([
            ("name", s("Every Key")), ("hardwareModel", s("every-key-1")), ("backend", s("simulated")),
            ("idleTimeoutSeconds", n("45")),
            ("gpio", .object([("chipLabel", s("swivel-sim"))])),
            ("loop", .object([("rateHz", n("1000")), ("stepCore", n("1"))])),
            ("axes", .object([("yaw", yaw), ("pitch", pitch), ("roll", roll)])),
            ("serial", .array([
                .object([("role", s("host")), ("device", s("pty")), ("baud", n("921600"))]),
                .object([("role", s("vision")), ("device", s("pty")), ("baud", n("921600"))]),
            ])),
            ("simulation", .object([
                ("stepperNaturalFrequencyHz", n("120")), ("stepperDampingRatio", n("0.7")),
                ("servoSlewRadPerSec", n("10.5")), ("integrationStepUs", n("20")),
                ("batteries", .array([.object([
                    ("name", s("main")), ("startLevel", n("0.8")), ("drainPerHour", n("0.1")),
                    ("charging", .bool(false)), ("chargePerHour", n("0.5")),
                ])])),
            ])),
            ("camera", .object([
                ("wideAngle", fieldOfView("1.107", "0.86")), ("ultraWide", fieldOfView("1.745", "1.396")),
                ("telephoto", fieldOfView("0.489", "0.37")), ("other", fieldOfView("1.107", "0.86")),
            ])),
            ("buttons", .array([
                .object([("name", s("zoom")), ("line", n("16")), ("action", s("cameraZoomIn")), ("zoomFactor", n("2")),
                         ("activeLow", .bool(true)), ("bias", s("pullUp")), ("debounceMs", n("10"))]),
                .object([("name", s("custom")), ("line", n("20")), ("action", s("button")), ("id", n("3"))]),
            ])),
            ("vision", .object([
                ("source", s("virtual")), ("device", s("/dev/video0")), ("widthPx", n("640")), ("heightPx", n("480")),
                ("frameRateHz", n("28")), ("detector", s("face")), ("minConfidence", n("0.5")),
                ("cameraDeviceType", s("wideAngle")), ("cameraPosition", s("back")),
                ("intrinsics", .object([("fxPx", n("500")), ("fyPx", n("500")), ("cxPx", n("320")), ("cyPx", n("240"))])),
                ("link", s("vision")), ("gestures", .bool(false)),
            ])),
        ])
    }

    /// The maximal board with its roll on a serial bus servo, every key given.
    static func busServoRoll() -> BoardTree {
        guard case .object(var root) = maximal(rollOutput: []),
              let axesIndex = root.firstIndex(where: { $0.0 == "axes" }),
              case .object(var axes) = root[axesIndex].1,
              let rollIndex = axes.firstIndex(where: { $0.0 == "roll" }) else { return maximal(rollOutput: []) }
        axes[rollIndex].1 = .object([
            ("limits", limits(("-0.5", "0.5"), speed: "4", acceleration: "20")),
            ("motor", .object([
                ("type", s("busServo")), ("protocol", s("feetech")), ("device", s("/dev/serial0")), ("baud", n("1000000")),
                ("id", n("3")), ("countsPerRevolution", n("4096")), ("gearRatio", n("1")), ("zeroCounts", n("2048")),
                ("invert", .bool(false)), ("maxTemperatureC", n("70")), ("updateRateHz", n("100")),
            ])),
        ])
        root[axesIndex].1 = .object(axes)
        return .object(root)
    }

    /// The maximal board with its roll on another motor type, every key given.
    static func roll(_ motor: [(String, BoardTree)], speed: String = "4", acceleration: String = "20") -> BoardTree {
        guard case .object(var root) = maximal(rollOutput: []),
              let axesIndex = root.firstIndex(where: { $0.0 == "axes" }),
              case .object(var axes) = root[axesIndex].1,
              let rollIndex = axes.firstIndex(where: { $0.0 == "roll" }) else { return maximal(rollOutput: []) }
        axes[rollIndex].1 = .object([("limits", limits(("-0.5", "0.5"), speed: speed, acceleration: acceleration)), ("motor", .object(motor))])
        root[axesIndex].1 = .object(axes)
        return .object(root)
    }

    /// The two ways to drive a servo exclude each other: one fixture each; and a bus servo, the I2C servos and a unipolar stepper.
    static let fixtures = [
        maximal(rollOutput: [("pwmChip", n("0")), ("pwmChannel", n("0"))]),
        maximal(rollOutput: [("softwarePwmLine", n("18"))]),
        busServoRoll(),
        roll([
            ("type", s("pca9685Servo")), ("i2cBus", n("1")), ("address", n("64")), ("channel", n("2")), ("frequencyHz", n("50")),
            ("oscillatorHz", n("25000000")), ("minPulseUs", n("500")), ("maxPulseUs", n("2500")),
            ("angleAtMinPulseRad", n("-1.5708")), ("angleAtMaxPulseRad", n("1.5708")),
        ]),
        roll([
            ("type", s("panTiltHatServo")), ("i2cBus", n("1")), ("address", n("21")), ("servo", n("1")),
            ("minPulseUs", n("575")), ("maxPulseUs", n("2325")), ("angleAtMinPulseRad", n("-1.5708")), ("angleAtMaxPulseRad", n("1.5708")),
        ]),
        // A 28BYJ-48's 800 states a second turn it at most 1.23 rad/s.
        roll([
            ("type", s("unipolarStepper")), ("in1Line", n("5")), ("in2Line", n("6")), ("in3Line", n("25")),
            ("in4Line", n("26")), ("sequence", s("half")), ("stepsPerRevolution", n("32")), ("gearRatio", n("63.68395")),
            ("invertDirection", .bool(false)), ("maxStepRateHz", n("800")), ("holdMs", n("200")),
        ], speed: "0.5", acceleration: "5"),
    ]

    /// Top-level `batteries` is for a gpiod board (the fixtures are simulated)
    /// and holds only strings: BoardAccessoriesTests covers it.
    static let notInTheFixtures: Set<String> = [" batteries", "batteries[i] name", "batteries[i] powerSupply"]

    /// Each BoardKeys table and the object it belongs to, as boards/README.md names it.
    static let keyTables: [(section: String, keys: [String])] = [
        ("", BoardKeys.root), ("gpio", BoardKeys.gpio), ("loop", BoardKeys.loop), ("axes", BoardKeys.axisNames),
        ("axes.<axis>", BoardKeys.axis), ("axes.<axis>.limits", BoardKeys.limits),
        ("axes.<axis>.motor", BoardKeys.stepper), ("axes.<axis>.motor", BoardKeys.servo),
        ("axes.<axis>.motor", BoardKeys.busServo), ("axes.<axis>.motor.tmc2209", BoardKeys.tmc2209),
        ("axes.<axis>.motor", BoardKeys.unipolarStepper), ("axes.<axis>.motor", BoardKeys.pca9685Servo),
        ("axes.<axis>.motor", BoardKeys.panTiltHatServo),
        ("axes.<axis>.encoder", BoardKeys.quadrature), ("axes.<axis>.encoder", BoardKeys.as5600),
        ("axes.<axis>.faultDetection", BoardKeys.faultDetection), ("axes.<axis>.homing", BoardKeys.homing),
        ("serial[i]", BoardKeys.serialPort), ("simulation", BoardKeys.simulation),
        ("simulation.batteries[i]", BoardKeys.simulatedBattery), ("camera", BoardKeys.camera),
        ("camera.<deviceType>", BoardKeys.fieldOfView), ("buttons[i]", BoardKeys.button),
        ("batteries[i]", BoardKeys.battery), ("vision", BoardKeys.vision), ("vision.intrinsics", BoardKeys.visionIntrinsics),
    ]

    /// "axes.yaw.motor.gearRatio" → "axes.<axis>.motor gearRatio", "buttons[1].id" → "buttons[i] id".
    static func documented(_ path: String) -> String {
        var parts = path.split(separator: ".").map { part in
            part.firstIndex(of: "[").map { String(part[..<$0]) + "[i]" } ?? String(part)
        }
        if parts.count > 2, parts[0] == "axes", BoardKeys.axisNames.contains(parts[1]) { parts[1] = "<axis>" }
        if parts.count > 2, parts[0] == "camera" { parts[1] = "<deviceType>" }
        let key = parts.removeLast()
        return parts.joined(separator: ".") + " " + key
    }

    /// The numeric keys each fixture makes the loader read, with their ranges.
    static func numericKeys(of tree: BoardTree) throws -> [NumericKey] {
        let decoder = BoardDecoder()
        let board = decoder.decodeBoard(try JSON5.parse(tree.rendered))
        #expect(board != nil && decoder.problems.isEmpty, "the fixture loads: \(decoder.problems)")
        return decoder.numericKeys
    }

    static func problems(_ tree: BoardTree) -> [BoardProblem] {
        BoardFixture.problems(tree.rendered) ?? []
    }

    /// Every numeric key of the fixtures, once each by path.
    static let keys: [NumericKey] = {
        var seen: Set<String> = []
        return fixtures.flatMap { (try? numericKeys(of: $0)) ?? [] }.filter { seen.insert($0.path).inserted }
    }()

    /// Which fixture holds a key: the software PWM line is only in the second.
    static func fixture(for path: String) -> BoardTree {
        fixtures.first { tree in (try? numericKeys(of: tree))?.contains { $0.path == path } ?? false } ?? fixtures[0]
    }

    @Test func theFixturesLoadAndReadEveryNumericKey() throws {
        for fixture in Self.fixtures { _ = try Self.numericKeys(of: fixture) }
        // Fifty-odd numeric keys across the objects; a walk that found few would prove little.
        #expect(Self.keys.count >= 50, "\(Self.keys.map(\.path))")
    }

    /// A key in BoardKeys is a string, boolean, object or array in the
    /// fixture, or the loader reads it as a number (and so with a range).
    @Test func everyKeyInTheLoadersTablesIsInTheFixtureOrReadAsANumber() {
        let numeric = Set(Self.keys.map { Self.documented($0.path) })
        let other = Set(Self.fixtures.flatMap { $0.leaves() }.filter { !$0.value.isNumber }.map { Self.documented($0.path) })
        for (section, keys) in Self.keyTables {
            for key in keys where !Self.notInTheFixtures.contains(section + " " + key) {
                let name = section + " " + key
                #expect(numeric.contains(name) || other.contains(name),
                        "\(name): add it to the fixture; a numeric key must be read with number(…) or integer(…)")
            }
        }
    }

    /// boards/README.md has a row with a bounds cell for every numeric key, and no numeric row the loader does not read.
    @Test func boardsReadmeListsEveryNumericKeyWithItsBounds() throws {
        let documentedRows = try Self.readmeNumericRows()
        let read = Set(Self.keys.map { Self.documented($0.path) })
        for name in read.sorted() {
            let bounds = documentedRows[name]
            #expect(bounds != nil, "boards/README.md has no numeric row for \(name)")
            #expect(bounds?.isEmpty == false, "boards/README.md gives no bounds for \(name)")
        }
        for name in documentedRows.keys.sorted() {
            #expect(read.contains(name), "boards/README.md documents \(name), which the loader does not read as a number")
        }
    }

    static let absurd = ["1e308", "-1e308", "NaN", "Infinity", "-Infinity"]

    /// The issue's example and its kin: each absurd value in each key is one
    /// problem, on that key, naming the range and the value.
    @Test(arguments: keys.map(\.path))
    func anAbsurdValueIsALocatedProblemNamingTheRange(path: String) throws {
        let key = try #require(Self.keys.first { $0.path == path })
        let tree = Self.fixture(for: path)
        for text in Self.absurd {
            let edited = try #require(tree.setting(path, to: .number(text)), "cannot set \(path)")
            let problems = Self.problems(edited)
            let shown = text == "1e308" ? "1e+308" : text == "-1e308" ? "-1e+308" : text
            #expect(problems.count == 1 && problems.first?.keyPath == path, "\(path) = \(text): \(problems)")
            let reason = problems.first?.reason ?? ""
            #expect(reason.contains(key.range) && reason.hasSuffix("found \(shown)"), "\(path) = \(text): \(reason)")
            #expect(problems.first?.line != nil, "\(path) = \(text): located")
        }
    }

    /// 0 is refused exactly where the range leaves it out (a gear ratio, a
    /// rate, a step count), and refused only on that key.
    @Test(arguments: keys.map(\.path))
    func zeroIsRefusedWhereItIsMeaningless(path: String) throws {
        let key = try #require(Self.keys.first { $0.path == path })
        let edited = try #require(Self.fixture(for: path).setting(path, to: .number("0")))
        let onKey = Self.problems(edited).filter { $0.keyPath == path }
        if key.accepts(0) {
            #expect(onKey.isEmpty, "\(path) = 0 is in \(key.range): \(onKey)")
        } else {
            #expect(onKey.map(\.reason) == ["must be \(key.range), found 0"], "\(path) = 0")
        }
    }

    /// "section key" → the Bounds cell, for each row whose type is a number or an integer.
    static func readmeNumericRows() throws -> [String: String] {
        let text = try BoardFileReader.read(BoardFilesTests.boardsDirectory + "/README.md")
        var rows: [String: String] = [:]
        var section: String?
        var columns: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                section = line == "### Top level" ? "" : line.hasPrefix("### `")
                    ? line.split(separator: "`").dropFirst().first.map(String.init) : nil
                columns = []
                continue
            }
            guard let section, line.hasPrefix("|") else { continue }
            // A `\|` inside a cell is a literal bar, not a column.
            let cells = line.replacing("\\|", with: "¦").split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
            if cells.first == "Key" { columns = cells; continue }
            guard let type = columns.firstIndex(of: "Type"), cells.count == columns.count,
                  cells[type].hasPrefix("integer") || cells[type].hasPrefix("number"),
                  cells[0].hasPrefix("`"), cells[0].hasSuffix("`") else { continue }
            let bounds = columns.firstIndex(of: "Bounds").map { cells[$0] } ?? ""
            rows[section + " " + cells[0].filter { $0 != "`" }] = bounds
        }
        return rows
    }
}
