#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelTestSupport
import SwivelStandHarness
import Testing

/// The built `swiveld`, run as a maker runs it.
@Suite(.serialized) struct DaemonTests {
    /// `swift test` runs the test bundle from the build's bin directory, next to `swiveld`.
    static let swiveld: String = {
        var parts = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast()
        return parts.joined(separator: "/") + "/swiveld"
    }()

    static let simBoard = BoardFixtures.boardsDirectory + "/sim.json5"

    /// Private link endpoints, so tests never collide with each other or with a `make run`.
    static func isolated(_ arguments: [String], tag: String = #function) -> [String] {
        let base = "/tmp/swivel-test-\(getpid())-\(tag.prefix { $0 != "(" })"
        let scene = arguments.contains("--scene") ? [] : ["--scene", "none"]
        return arguments + scene + ["--socket", base + ".sock", "--pty-link", base + "-host", "--vision-link", base + "-vision"]
    }

    @Test func theBinaryIsBuilt() {
        #expect(access(Self.swiveld, X_OK) == 0, "expected swiveld at \(Self.swiveld): build with `swift build --build-tests`")
    }

    @Test func runsTheDemoForAGivenDurationAndStopsCleanly() throws {
        let result = try Subprocess.run(Self.swiveld, Self.isolated(["--board", Self.simBoard, "--duration", "1.5"]))
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("demo: slump"))
        #expect(result.standardError.contains("--duration 1.5 s elapsed: decelerating to a stop"))
        #expect(result.standardOutput.contains("swiveld: ran"))
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
        // The demo moved the stand, so the drivers were on.
        #expect(!result.standardOutput.contains("drivers never enabled"))
        // Not a terminal: the status comes as plain lines, no carriage returns.
        #expect(result.standardOutput.contains("yaw "))
        #expect(!result.standardOutput.contains("\r"))
    }

    @Test func sigtermDeceleratesDisablesAndExitsZero() throws {
        let process = try Subprocess.launch(Self.swiveld, Self.isolated(["--board", Self.simBoard]))
        sleepSeconds(1.5)
        process.signal(SIGTERM)
        let result = process.wait()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("SIGTERM: decelerating to a stop"))
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
    }

    /// Issue 11: held still (no demo, no scene, no host), the stand never
    /// enables its drivers, and SIGTERM stops it without doing so either.
    @Test func sigtermBeforeAnyCommandNeverEnablesTheDrivers() throws {
        let process = try Subprocess.launch(Self.swiveld, Self.isolated(["--board", Self.simBoard, "--no-demo"]))
        sleepSeconds(1)
        process.signal(SIGTERM)
        let result = process.wait()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("idle, drivers off"), "stdout: \(result.standardOutput)")
        #expect(!result.standardOutput.contains("holding"))
        #expect(result.standardOutput.contains("drivers never enabled: nothing moved"))
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
    }

    @Test func sigintDoesTheSame() throws {
        let process = try Subprocess.launch(Self.swiveld, Self.isolated(["--board", Self.simBoard, "--no-demo"]))
        sleepSeconds(1)
        process.signal(SIGINT)
        let result = process.wait()
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("stopped; drivers disabled"))
        #expect(result.standardOutput.contains("demo cycles 0"))
    }

    @Test func aBadBoardExitsNonZeroNamingTheKeyPath() throws {
        let path = "/tmp/swivel-bad-board-\(getpid()).json5"
        let bad = readText(Self.simBoard)
            .replacing("stepLine: 17", with: "stepPin: 17")
            .replacing("dirLine: 24", with: "dirLine: 27")
        try writeText(bad, to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(Self.swiveld, Self.isolated(["--board", path, "--duration", "1"]))
        #expect(result.status == 78) // EX_CONFIG
        #expect(result.standardError.contains("axes.yaw.motor.stepPin"))
        #expect(result.standardError.contains("(did you mean \"stepLine\"?)"))
        #expect(result.standardError.contains("axes.yaw.motor.stepLine (line 39): required key is missing"))
        #expect(result.standardError.contains("axes.yaw.motor.dirLine (line 42) and axes.pitch.motor.dirLine (line 79) both use swivel-sim line 27"))
    }

    @Test func aMissingBoardSaysWhy() throws {
        let result = try Subprocess.run(Self.swiveld, Self.isolated(["--board", "/nonexistent/board.json5"]))
        #expect(result.status == 78)
        #expect(result.standardError.contains("No such file or directory"))
    }

    @Test func bareSwiveldWithNoInstalledBoardSuggestsTheSimulatedOne() throws {
        // Only where no board is installed, as on a developer's machine.
        guard access("/etc/swivel/board.json5", F_OK) != 0 else { return }
        let result = try Subprocess.run(Self.swiveld, Self.isolated([]))
        #expect(result.status == 78)
        #expect(result.standardError.contains("no board file at /etc/swivel/board.json5 (the default of --board)"))
        #expect(result.standardError.contains("`swiveld --board boards/sim.json5` (or `make run`)"))
        #expect(!result.standardError.contains("is not valid"))
    }

    @Test func badArgumentsPrintTheUsage() throws {
        let result = try Subprocess.run(Self.swiveld, ["--duration", "-3"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--duration must be a positive number of seconds"))
        #expect(result.standardError.contains("usage: swiveld"))
        let help = try Subprocess.run(Self.swiveld, ["--help"])
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("usage: swiveld"))
    }

}

@Suite struct DaemonHardwareBackendTests {
    static let gpiodBoard = """
        {
          name: "Bench stand", hardwareModel: "bench-1", backend: "gpiod",
          gpio: { chipLabel: "pinctrl-bcm2711" },
          axes: {
            yaw: {
              limits: { minRad: -2, maxRad: 2, maxSpeedRadPerSec: 2, maxAccelRadPerSec2: 10 },
              motor: { type: "stepper", stepLine: 17, dirLine: 27, enableLine: 22, stepsPerRevolution: 200, microsteps: 8 },
            },
          },
        }
        """

    @Test func aGpiodBoardWithoutItsChipExitsNonZeroSayingWhy() throws {
        let path = "/tmp/swivel-gpiod-board-\(getpid()).json5"
        try writeText(Self.gpiodBoard, to: path)
        defer { unlink(path) }
        let result = try Subprocess.run(DaemonTests.swiveld, DaemonTests.isolated(["--board", path, "--duration", "1"]))
        #expect(result.status == 78)
        #expect(result.standardError.contains("GPIO chip 'pinctrl-bcm2711'"))
        // This machine has no /dev/gpiochip*; a Pi without the right chip lists the labels it has.
        let hasChips = access("/dev/gpiochip0", F_OK) == 0
        if !hasChips { #expect(result.standardError.contains("no GPIO chips")) }
    }
}

extension DaemonTests {
    static let walkScene = BoardFixtures.boardsDirectory + "/../scenes/walk.json5"

    /// `make run`'s default: the simulated camera plays a walking person over
    /// the vision pty and the stand keeps them in frame.
    @Test func onTheSimulatedBoardTheStandTracksTheScenesWalkingPerson() throws {
        let result = try Subprocess.run(Self.swiveld, Self.isolated(["--board", Self.simBoard, "--scene", Self.walkScene, "--duration", "4"]))
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("tracking the simulated camera's scene 'walk'"))
        #expect(!result.standardError.contains("demo:"), "a scene replaces the demo")
        // Not a terminal: a status line at each change of state (issue 24), each with the camera's segment.
        // (Before its first frame the camera's segment says "subject out of view".)
        let lines = result.standardOutput.split(separator: "\n").filter { $0.contains(" | camera: ") }
        #expect(lines.first?.hasPrefix("idle, drivers off | tracking on, no host | camera: ") == true, "\(result.standardOutput)")
        #expect(lines.contains { $0.contains("camera: framing error") }, "\(result.standardOutput)")
        #expect(lines.last?.hasPrefix("halted, drivers disabled") == true, "\(result.standardOutput)")
        // From 1 s the person walks right at 0.5 rad/s: by 4 s the stand has followed to yaw ≈ 1.5.
        let final = result.standardOutput.split(separator: "\n").first { $0.contains("final: yaw ") }
        let yaw = final.flatMap { line in line.split(separator: " ").dropFirst(2).first.flatMap { Double($0) } }
        #expect(yaw != nil, "\(result.standardOutput)")
        // What 4 s of wall time gets done: under a sanitizer the loop runs its
        // ticks 3 to 4 times more slowly than their period.
        if Sanitizers.runsInRealTime {
            #expect(yaw.map { $0 > 1.0 } == true, "\(final ?? "no final line")")
            #expect(lines.contains { $0.hasPrefix("tracking following") }, "\(result.standardOutput)")
        }
    }
}
