import Testing
@testable import SwivelBoard

/// `buttons`, `batteries` and `simulation.batteries`: what loads, and each
/// problem with its key path. The fixture's serial line is line 23; the
/// accessories are inserted on it.
@Suite struct BoardAccessoriesTests {
    static let serial = #"serial: [ { role: "host", device: "pty", baud: 921600 } ],"#
    static let simulationEnd = "integrationStepUs: 20 }"

    static func board(buttons: String = "", batteries: String = "", gpiod: Bool = false) throws -> String {
        var edits = [(serial, buttons + batteries + serial)]
        if gpiod {
            edits.append((#"backend: "simulated""#, #"backend: "gpiod""#))
            edits.append((BrokenBoardTests.simulationLine, ""))
        }
        return try BoardFixture.with(edits)
    }

    static func problems(_ text: String) throws -> [BoardProblem] {
        try #require(BoardFixture.problems(text), "the board loaded")
    }

    @Test func buttonsLoadWithTheirDefaults() throws {
        let text = try Self.board(buttons: """
            buttons: [ { name: "shutter", line: 16, action: "cameraShutter" },
            { name: "zoom out", line: 20, action: "cameraZoomOut", zoomFactor: 1.25, activeLow: false, bias: "pullDown", debounceMs: 0 },
            { name: "zoom in", line: 21, action: "cameraZoomIn" }, { name: "flip", line: 12, action: "cameraFlip", bias: "none" },
            { name: "custom", line: 26, action: "button", id: 7 }, { name: "track", line: 4, action: "trackingToggle" } ],
            """)
        let board = try BoardLoader.parse(text, source: "<string>")
        #expect(board.buttons == [
            .init(name: "shutter", line: 16, action: .cameraShutter, activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
            .init(name: "zoom out", line: 20, action: .cameraZoomOut(factor: 1.25), activeLow: false, bias: .pullDown, debounceMilliseconds: 0),
            .init(name: "zoom in", line: 21, action: .cameraZoomIn(factor: 1), activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
            .init(name: "flip", line: 12, action: .cameraFlip, activeLow: true, bias: .none, debounceMilliseconds: 10),
            .init(name: "custom", line: 26, action: .button(id: 7), activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
            .init(name: "track", line: 4, action: .trackingToggle, activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
        ])
        #expect(board.batteries.isEmpty)
        #expect(board.batteryNames.isEmpty)
    }

    @Test func aButtonOnAMotorLineIsAPinConflict() throws {
        let problems = try Self.problems(try Self.board(buttons: #"buttons: [ { name: "a", line: 17, action: "cameraFlip" } ],"#))
        #expect(problems == [BoardProblem(keyPath: "buttons[0].line", line: 23, reason: "buttons[0].line (line 23) and axes.yaw.motor.stepLine (line 10) both use swivel-sim line 17")])
    }

    @Test func twoButtonsOnOneLineAreAPinConflict() throws {
        let text = try Self.board(buttons: #"buttons: [ { name: "a", line: 16, action: "cameraFlip" }, { name: "b", line: 16, action: "cameraShutter" } ],"#)
        #expect(try Self.problems(text) == [BoardProblem(keyPath: "buttons[1].line", line: 23, reason: "buttons[1].line (line 23) and buttons[0].line (line 23) both use swivel-sim line 16")])
    }

    static let brokenButtons: [(String, String, String)] = [
        (#"{ name: "a", line: 16, action: "cameraShutter", id: 1 }"#, "buttons[0].id",
         #"id is only for action "button", and this button's action is "cameraShutter""#),
        (#"{ name: "a", line: 16, action: "cameraFlip", zoomFactor: 2 }"#, "buttons[0].zoomFactor",
         #"zoomFactor is only for actions "cameraZoomIn" and "cameraZoomOut""#),
        (#"{ name: "a", line: 16, action: "button" }"#, "buttons[0].id", "required key is missing"),
        (#"{ name: "a", line: 16, action: "button", id: 256 }"#, "buttons[0].id", "must be between 0 and 255, found 256"),
        (#"{ name: "a", line: 16, action: "cameraZoomIn", zoomFactor: 0 }"#, "buttons[0].zoomFactor", "must be between 0.01 and 100, found 0"),
        (#"{ name: "a", line: 16, action: "shutter" }"#, "buttons[0].action", #"found "shutter""#),
        (#"{ name: "a", line: 16, action: "cameraFlip", bias: "up" }"#, "buttons[0].bias", #"expected one of "pullUp", "pullDown", "none""#),
        (#"{ name: "a", line: 16, action: "cameraFlip", debounceMs: 5000 }"#, "buttons[0].debounceMs", "must be between 0 and 1000"),
        (#"{ name: "a", line: 16, action: "cameraFlip", pin: 3 }"#, "buttons[0].pin", #"unknown key "pin""#),
        (#"{ name: "a", action: "cameraFlip" }"#, "buttons[0].line", "required key is missing"),
        (#"{ name: "a", line: 16, action: "cameraFlip" }, { name: "a", line: 20, action: "cameraShutter" }"#, "buttons[1].name",
         #"button name "a" is already used by buttons[0].name"#),
        (#"{ name: "a", line: 16, action: "button", id: 2 }, { name: "b", line: 20, action: "button", id: 2 }"#, "buttons[1].id",
         "button id 2 is already used by buttons[0].id"),
        (#""shutter""#, "buttons[0]", #"expected an object, found the string "shutter""#),
    ]

    @Test(arguments: 0..<brokenButtons.count)
    func aBrokenButtonNamesItsKey(index: Int) throws {
        let (elements, keyPath, reason) = Self.brokenButtons[index]
        let problems = try Self.problems(try Self.board(buttons: "buttons: [ \(elements) ],"))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.keyPath == keyPath, "\(problems)")
        #expect(problems.first?.line == 23)
        #expect(problems.first?.reason.contains(reason) == true, "\(problems)")
    }

    @Test func batteriesLoadOnAGpiodBoard() throws {
        let text = try Self.board(batteries: #"batteries: [ { name: "main", powerSupply: "BAT0" }, { name: "grip", powerSupply: "cw2015-battery" } ],"#, gpiod: true)
        let board = try BoardLoader.parse(text, source: "<string>")
        #expect(board.batteries == [.init(name: "main", powerSupply: "BAT0"), .init(name: "grip", powerSupply: "cw2015-battery")])
        #expect(board.batteryNames == ["main", "grip"])
    }

    static let brokenBatteries: [(String, String, String)] = [
        (#"{ name: "main", powerSupply: "../BAT0" }"#, "batteries[0].powerSupply", "expected the name of a directory in /sys/class/power_supply"),
        (#"{ name: "main", powerSupply: "BAT 0" }"#, "batteries[0].powerSupply", "expected the name of a directory"),
        (#"{ name: "", powerSupply: "BAT0" }"#, "batteries[0].name", "must be 1 to 32 characters long"),
        (#"{ name: "main" }"#, "batteries[0].powerSupply", "required key is missing"),
        (#"{ name: "main", powerSupply: "BAT0" }, { name: "main", powerSupply: "BAT1" }"#, "batteries[1].name",
         #"battery name "main" is already used by batteries[0].name"#),
        (#"{ name: "main", powerSupply: "BAT0" }, { name: "spare", powerSupply: "BAT0" }"#, "batteries[1].powerSupply",
         #"power supply "BAT0" is already used by batteries[0].powerSupply"#),
    ]

    @Test(arguments: 0..<brokenBatteries.count)
    func aBrokenBatteryNamesItsKey(index: Int) throws {
        let (elements, keyPath, reason) = Self.brokenBatteries[index]
        let problems = try Self.problems(try Self.board(batteries: "batteries: [ \(elements) ],", gpiod: true))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.keyPath == keyPath, "\(problems)")
        #expect(problems.first?.reason.contains(reason) == true, "\(problems)")
    }

    @Test func aSimulatedBoardListsItsBatteriesInItsSimulation() throws {
        let problems = try Self.problems(try Self.board(batteries: #"batteries: [ { name: "main", powerSupply: "BAT0" } ],"#))
        #expect(problems == [BoardProblem(keyPath: "batteries", line: 23, reason:
            "a simulated board has no power_supply class to read: list its batteries in simulation.batteries")])

        let text = try BoardFixture.with([(Self.simulationEnd, """
            integrationStepUs: 20, batteries: [ { name: "main", startLevel: 0.8, drainPerHour: 0.5 }, \
            { name: "grip", startLevel: 1, charging: true, chargePerHour: 0.25 } ] }
            """)])
        let board = try BoardLoader.parse(text, source: "<string>")
        #expect(board.simulation?.batteries == [
            .init(name: "main", startLevel: 0.8, drainPerHour: 0.5, charging: false, chargePerHour: 0),
            .init(name: "grip", startLevel: 1, drainPerHour: 0, charging: true, chargePerHour: 0.25),
        ])
        #expect(board.batteryNames == ["main", "grip"])
    }

    @Test func aBrokenSimulatedBatteryNamesItsKey() throws {
        let text = try BoardFixture.with([(Self.simulationEnd, """
            integrationStepUs: 20, batteries: [ { name: "main", startLevel: 1.5 }, { name: "main", startLevel: 1, charging: "yes" } ] }
            """)])
        let problems = try Self.problems(text)
        #expect(problems.map(\.keyPath) == ["simulation.batteries[0].startLevel", "simulation.batteries[1].charging", "simulation.batteries[1].name"])
    }
}
