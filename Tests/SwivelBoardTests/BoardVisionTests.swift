import Testing
@testable import SwivelBoard

/// The `vision` section (boards/README.md): defaults, every key's type and
/// bounds at both ends, unknown keys, and the rule that link "vision" needs a
/// serial entry with role "vision".
@Suite struct BoardVisionTests {
    static let hostSerial = "  serial: [ { role: \"host\", device: \"pty\", baud: 921600 } ],"
    static let bothSerials =
        "  serial: [ { role: \"host\", device: \"pty\", baud: 921600 }, { role: \"vision\", device: \"pty\", baud: 921600 } ],"

    /// The fixture with a vision serial entry (or none) and `vision: { body }` after it.
    static func board(vision body: String?, visionSerial: Bool = true) throws -> String {
        let serial = visionSerial ? bothSerials : hostSerial
        let section = body.map { "\n  vision: {\n    \($0)\n  }," } ?? ""
        return try BoardFixture.with([(hostSerial, serial + section)])
    }

    static func load(vision body: String?, visionSerial: Bool = true) throws -> Board {
        try BoardLoader.parse(try board(vision: body, visionSerial: visionSerial), source: "<string>")
    }

    static func problems(vision body: String, visionSerial: Bool = true) throws -> [BoardProblem] {
        try #require(BoardFixture.problems(try board(vision: body, visionSerial: visionSerial)), "\(body) loaded")
    }

    // MARK: - Defaults and values

    @Test func withoutAVisionSectionThereIsNoneAndGesturesAreOff() throws {
        let board = try Self.load(vision: nil)
        #expect(board.vision == nil)
        #expect(!board.gesturesEnabled)
    }

    @Test func anEmptySectionTakesEveryDefault() throws {
        let vision = try #require(try Self.load(vision: "").vision)
        #expect(vision == Board.Vision.defaults)
        #expect(vision == Board.Vision(
            source: .auto, device: "/dev/video0", widthPx: 640, heightPx: 480, frameRateHz: 30, detector: .face,
            minConfidence: 0.5, cameraDeviceType: .wideAngle, cameraPosition: .back, intrinsics: nil, link: .vision,
            gestures: false))
    }

    @Test func everyKeyGivenIsRead() throws {
        let board = try Self.load(vision: """
            source: "opencv", device: "/home/pi/clip.mp4", widthPx: 1280, heightPx: 720, frameRateHz: 24.5,
                detector: "body", minConfidence: 0.7, cameraDeviceType: "ultraWide", cameraPosition: "front",
                intrinsics: { fxPx: 900, fyPx: 905.5, cxPx: 640, cyPx: -360 }, link: "socket", gestures: true,
            """)
        #expect(board.vision == Board.Vision(
            source: .opencv, device: "/home/pi/clip.mp4", widthPx: 1280, heightPx: 720, frameRateHz: 24.5,
            detector: .body, minConfidence: 0.7, cameraDeviceType: .ultraWide, cameraPosition: .front,
            intrinsics: .init(fxPx: 900, fyPx: 905.5, cxPx: 640, cyPx: -360), link: .socket, gestures: true))
        #expect(board.gesturesEnabled)
    }

    @Test(arguments: [
        ("source", Board.Vision.Source.allCases.map(\.rawValue)),
        ("detector", Board.Vision.Detector.allCases.map(\.rawValue)),
        ("cameraDeviceType", Board.Vision.CameraDeviceType.allCases.map(\.rawValue)),
        ("cameraPosition", Board.Vision.CameraPosition.allCases.map(\.rawValue)),
        ("link", Board.Vision.Link.allCases.map(\.rawValue)),
    ])
    func everyChoiceOfAKeyLoads(key: String, options: [String]) throws {
        for option in options {
            let vision = try #require(try Self.load(vision: "\(key): \"\(option)\",").vision, "\(key) \(option)")
            let read: String =
                switch key {
                case "source": vision.source.rawValue
                case "detector": vision.detector.rawValue
                case "cameraDeviceType": vision.cameraDeviceType.rawValue
                case "cameraPosition": vision.cameraPosition.rawValue
                default: vision.link.rawValue
                }
            #expect(read == option)
        }
    }

    @Test func theChoicesAreTheDocumentedOnes() {
        #expect(Board.Vision.Source.allCases.map(\.rawValue) == ["auto", "picamera2", "opencv", "virtual"])
        #expect(Board.Vision.Detector.allCases.map(\.rawValue) == ["face", "faceFullRange", "body", "haar"])
        #expect(Board.Vision.CameraDeviceType.allCases.map(\.wireValue) == [1, 2, 3, 4])
        #expect(Board.Vision.CameraPosition.back.wireValue == 2 && Board.Vision.CameraPosition.front.wireValue == 1)
    }

    // MARK: - Bounds, at both ends

    /// key, the lowest and highest values accepted, and values just outside.
    static let bounds: [(String, String, String, [String], String)] = [
        ("widthPx", "64", "4096", ["63", "4097", "-640"], "must be between 64 and 4096"),
        ("heightPx", "64", "4096", ["63", "4097", "0"], "must be between 64 and 4096"),
        ("frameRateHz", "1", "30", ["0.99", "30.01", "0", "-30"], "must be between 1 and 30"),
        ("minConfidence", "0.05", "1", ["0.049", "1.001", "0", "-1"], "must be between 0.05 and 1"),
    ]

    @Test(arguments: 0..<4)
    func aNumberIsAcceptedAtItsEndsAndRefusedJustOutside(row: Int) throws {
        let (key, lowest, highest, outside, reason) = Self.bounds[row]
        for value in [lowest, highest] {
            #expect(throws: Never.self, "\(key): \(value)") { _ = try Self.load(vision: "\(key): \(value),") }
        }
        for value in outside {
            let problems = try Self.problems(vision: "\(key): \(value),")
            #expect(problems.map(\.keyPath) == ["vision.\(key)"], "\(key): \(value)")
            #expect(problems.first?.reason.hasPrefix(reason) == true, "\(problems)")
        }
    }

    @Test func intrinsicsAreCheckedAtTheirEnds() throws {
        let ends = "intrinsics: { fxPx: 1, fyPx: 1000000, cxPx: -1000000, cyPx: 1000000 },"
        let intrinsics = try #require(try Self.load(vision: ends).vision?.intrinsics)
        #expect(intrinsics == .init(fxPx: 1, fyPx: 1_000_000, cxPx: -1_000_000, cyPx: 1_000_000))
        let cases: [(String, String, String)] = [
            ("fxPx: 0.99, fyPx: 500, cxPx: 320, cyPx: 240", "vision.intrinsics.fxPx", "must be between 1 and 1000000"),
            ("fxPx: 500, fyPx: 1000001, cxPx: 320, cyPx: 240", "vision.intrinsics.fyPx", "must be between 1 and 1000000"),
            ("fxPx: 500, fyPx: 500, cxPx: -1000001, cyPx: 240", "vision.intrinsics.cxPx", "must be between -1000000 and 1000000"),
            ("fxPx: 500, fyPx: 500, cxPx: 320, cyPx: 2e6", "vision.intrinsics.cyPx", "must be between -1000000 and 1000000"),
            ("fxPx: NaN, fyPx: 500, cxPx: 320, cyPx: 240", "vision.intrinsics.fxPx", "must be a finite number between 1 and 1000000, found NaN"),
            ("fxPx: 500, fyPx: 500, cxPx: 320", "vision.intrinsics.cyPx", "required key is missing"),
            ("fxPx: 500, fyPx: 500, cxPx: 320, cyPx: \"240\"", "vision.intrinsics.cyPx", "expected a number"),
        ]
        for (fields, path, reason) in cases {
            let problems = try Self.problems(vision: "intrinsics: { \(fields) },")
            #expect(problems.map(\.keyPath) == [path], "\(fields)")
            #expect(problems.first?.reason.hasPrefix(reason) == true, "\(fields): \(problems)")
        }
    }

    @Test func sidesAreIntegers() throws {
        let problems = try Self.problems(vision: "widthPx: 640.5,")
        #expect(problems.map(\.keyPath) == ["vision.widthPx"])
        #expect(problems.first?.reason == "expected an integer, found 640.5")
        #expect(try Self.load(vision: "widthPx: 0x280,").vision?.widthPx == 640)
    }

    @Test func theDeviceIsAnAbsolutePath() throws {
        #expect(try Self.load(vision: "device: \"/dev/video2\",").vision?.device == "/dev/video2")
        let longest = "/" + String(repeating: "v", count: 254)
        #expect(try Self.load(vision: "device: \"\(longest)\",").vision?.device == longest)
        for (device, reason) in [
            ("video0", "expected an absolute path"), ("", "must be 1 to 255 characters long"),
            ("/", "expected an absolute path"), ("/dev/video\\u0001", "expected an absolute path"),
            (longest + "v", "must be 1 to 255 characters long"),
        ] {
            let problems = try Self.problems(vision: "device: \"\(device)\",")
            #expect(problems.map(\.keyPath) == ["vision.device"], "\(device)")
            #expect(problems.first?.reason.hasPrefix(reason) == true, "\(device): \(problems)")
        }
    }

    // MARK: - Types, unknown keys, every problem at once

    @Test func wrongTypesAndMisspeltChoicesAreNamed() throws {
        let cases: [(String, String, String)] = [
            ("source: \"picamera\",", "vision.source", "did you mean \"picamera2\"?"),
            ("detector: 3,", "vision.detector", "expected one of \"face\", \"faceFullRange\", \"body\", \"haar\", found 3"),
            ("link: \"serial\",", "vision.link", "expected one of \"vision\", \"socket\""),
            ("cameraPosition: \"rear\",", "vision.cameraPosition", "expected one of \"back\", \"front\""),
            ("gestures: \"yes\",", "vision.gestures", "expected true or false"),
            ("widthPx: \"640\",", "vision.widthPx", "expected an integer"),
            ("frameRateHz: Infinity,", "vision.frameRateHz", "must be a finite number between 1 and 30, found Infinity"),
            ("intrinsics: [500, 500, 320, 240],", "vision.intrinsics", "expected an object"),
        ]
        for (field, path, reason) in cases {
            let problems = try Self.problems(vision: field)
            #expect(problems.map(\.keyPath) == [path], "\(field)")
            #expect(problems.first?.reason.contains(reason) == true, "\(field): \(problems)")
        }
        let notAnObject = try #require(BoardFixture.problems(try BoardFixture.with([
            (Self.hostSerial, Self.bothSerials + "\n  vision: \"picamera2\","),
        ])))
        #expect(notAnObject.map(\.keyPath) == ["vision"])
    }

    @Test func unknownKeysSuggestTheirNeighbour() throws {
        let problems = try Self.problems(vision: "detecter: \"face\", intrinsics: { fx: 500, fyPx: 500, cxPx: 320, cyPx: 240 },")
        #expect(problems.map(\.keyPath) == ["vision.detecter", "vision.intrinsics.fx", "vision.intrinsics.fxPx"])
        #expect(problems[0].reason.hasPrefix("unknown key \"detecter\" (did you mean \"detector\"?)"))
        #expect(problems[1].reason.hasPrefix("unknown key \"fx\" (did you mean \"fxPx\"?)"))
        #expect(problems[2].reason == "required key is missing")
    }

    @Test func everyBadKeyIsReportedInOnePass() throws {
        let problems = try Self.problems(vision: """
            widthPx: 10,
                heightPx: 9000,
                minConfidence: 2,
                detector: "eyes",
            """)
        #expect(Set(problems.map(\.keyPath)) == ["vision.widthPx", "vision.heightPx", "vision.minConfidence", "vision.detector"])
        #expect(problems.allSatisfy { $0.line != nil })
    }

    // MARK: - The link and the serial ports

    @Test func linkVisionWithoutAVisionSerialEntryIsAProblem() throws {
        // Defaulted: reported at the section's line.
        let defaulted = try Self.problems(vision: "source: \"opencv\",", visionSerial: false)
        #expect(defaulted.map(\.keyPath) == ["vision.link"])
        #expect(defaulted.first?.reason.hasPrefix(
            "link \"vision\" sends on the board's serial entry with role \"vision\", and serial has none") == true)
        let text = try Self.board(vision: "source: \"opencv\",", visionSerial: false)
        let sectionLine = text.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.hasPrefix("  vision: {") }.map { $0 + 1 }
        #expect(defaulted.first?.line == sectionLine)
        // Given: reported at its own line.
        let given = try Self.problems(vision: "link: \"vision\",", visionSerial: false)
        #expect(given.map(\.keyPath) == ["vision.link"])
        #expect(given.first?.line == sectionLine.map { $0 + 1 })
    }

    @Test func linkSocketNeedsNoVisionSerialEntry() throws {
        let board = try Self.load(vision: "link: \"socket\",", visionSerial: false)
        #expect(board.vision?.link == .socket)
        #expect(board.serialPorts.map(\.role) == [.host])
    }

    @Test func aBrokenSerialListIsReportedAloneNotAsAMissingVisionEntry() throws {
        let text = try BoardFixture.with([
            (Self.hostSerial, "  serial: [ { role: \"vision\", device: \"pty\", baud: 12 } ],\n  vision: {},"),
        ])
        let problems = try #require(BoardFixture.problems(text))
        #expect(problems.map(\.keyPath) == ["serial[0].baud"])
    }

    // MARK: - The shipped boards

    @Test func theSimulatedBoardRunsTheVirtualCameraOnTheVisionLink() throws {
        let board = try BoardLoader.load(contentsOf: BoardFilesTests.boardsDirectory + "/sim.json5")
        let vision = try #require(board.vision)
        #expect(vision.source == .virtual && vision.link == .vision && vision.detector == .face)
        #expect(board.serialPorts.contains { $0.role == .vision && $0.device == "pty" })
        // The stand's token bucket takes a nominal 30 fps, jitter and all: no margin is needed.
        #expect(vision.frameRateHz == 30)
    }

    @Test(arguments: ["rpi4-stepper-pantilt.json5", "rpi5-stepper-pantilt.json5", "rpizero2w-servo-pantilt.json5"])
    func thePiBoardsReadThePiCameraAndDetectFaces(file: String) throws {
        let board = try BoardLoader.load(contentsOf: BoardFilesTests.boardsDirectory + "/" + file)
        let vision = try #require(board.vision)
        #expect(vision.source == .picamera2)
        #expect(vision.detector == .face)
        #expect(vision.cameraPosition == .back && vision.cameraDeviceType == .wideAngle)
        // swivel-vision on the same Pi sends on the vision pty (system tracking);
        // gestures stay off until the maker turns them on.
        #expect(vision.link == .vision && !vision.gestures)
        #expect(board.serialPorts.contains { $0.role == .vision && $0.device == "pty" })
    }
}
