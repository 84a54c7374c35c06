#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// `swiveld check-board FILE`, run as built.
@Suite struct DaemonCheckBoardTests {
    static let shippedBoards = [
        "sim.json5", "sim-continuous.json5", "rpi4-stepper-pantilt.json5", "rpi5-stepper-pantilt.json5",
        "rpizero2w-servo-pantilt.json5",
    ]

    @Test(arguments: shippedBoards)
    func everyShippedBoardIsAccepted(file: String) throws {
        let path = BoardFixtures.boardsDirectory + "/" + file
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 0, "stderr: \(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.last?.hasPrefix("\(path): valid: '") == true, "the verdict is the last line")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("\(path): axes.") || $0.hasPrefix("\(path): buttons[") },
                "the rest are signals")
        #expect(result.standardError.isEmpty, "no warning for a shipped board")
    }

    @Test func theSummaryNamesWhatTheDaemonWouldDrive() throws {
        let path = BoardFixtures.boardsDirectory + "/rpi4-stepper-pantilt.json5"
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.standardOutput.split(separator: "\n").last.map { $0 + "\n" } == "\(path): valid: 'Swivel Pi 4 Stepper Pan/Tilt' (swivel-rpi4-stepper-1), backend gpiod, chip pinctrl-bcm2711, 1000 Hz, step thread on CPU 3; axes: pitch stepper+encoder, yaw stepper+encoder; serial: host /dev/ttyS0 115200 baud, vision pty 921600 baud; buttons: shutter GPIO19, tracking GPIO20; vision: picamera2 640x480 at 30 Hz, detector face (min confidence 0.5), wideAngle back camera, link vision, gestures off\n")
    }

    /// Each edit of the Pi 4 board, and the exact problems it must produce.
    @Test(arguments: [
        ("stepLine: 23", "stepPin: 23", [
            "axes.pitch.motor.stepLine (line 79): required key is missing",
            "axes.pitch.motor.stepPin (line 81): unknown key \"stepPin\" (did you mean \"stepLine\"?)",
        ]),
        ("aLine: 16", "aLine: 17", [
            "axes.yaw.motor.stepLine (line 43): axes.yaw.motor.stepLine (line 43) and axes.pitch.encoder.aLine (line 90) "
                + "both use pinctrl-bcm2711 line 17 (GPIO17, header pin 11)",
        ]),
        ("baud: 115200", "baud: 115201", [
            "serial[0].baud (line 110): must be one of 9600, 19200",
        ]),
        ("stepCore: 3", "stepCore: 3.5", [
            "loop.stepCore (line 30): expected an integer, found 3.5",
        ]),
        ("{ role: \"vision\", device: \"pty\", baud: 921600 },", "", [
            "vision.link (line 137): link \"vision\" sends on the board's serial entry with role \"vision\", and serial has none",
        ]),
        ("widthPx: 640", "widthPx: 6400", [
            "vision.widthPx (line 130): must be between 64 and 4096, found 6400",
        ]),
    ])
    func aBrokenBoardIsRejectedWithItsKeyPaths(old: String, new: String, expected: [String]) throws {
        let original = readText(BoardFixtures.boardsDirectory + "/rpi4-stepper-pantilt.json5")
        #expect(original.contains(old))
        let path = "/tmp/swivel-check-board-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json5"
        try writeText(original.replacing(old, with: new), to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", path])
        #expect(result.status == 65) // EX_DATAERR
        #expect(result.standardOutput.isEmpty)
        let count = expected.count
        #expect(result.standardError.contains("swiveld: error: board \(path) is not valid (\(count) problem\(count == 1 ? "" : "s")):"))
        let lines = result.standardError.split(separator: "\n").filter { $0.hasPrefix("swiveld: error: \(path): ") }
        #expect(lines.count == count, "stderr: \(result.standardError)")
        for (line, expectation) in zip(lines, expected) {
            #expect(line.hasPrefix("swiveld: error: \(path): \(expectation)"), "got \(line)")
        }
    }

    @Test func aMissingFileExits66() throws {
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", "/nonexistent/board.json5"])
        #expect(result.status == 66) // EX_NOINPUT
        #expect(result.standardError.contains("cannot read the board file /nonexistent/board.json5: No such file or directory"))
    }

    @Test func aDirectoryExits66() throws {
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board", BoardFixtures.boardsDirectory])
        #expect(result.status == 66)
        #expect(result.standardError.contains("not a regular file"))
    }

    @Test func withoutAFileItIsAUsageError() throws {
        let result = try Subprocess.run(DaemonTests.swiveld, ["check-board"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("usage: swiveld check-board FILE"))
    }
}
