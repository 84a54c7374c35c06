import FoundationEssentials
import Testing
@testable import SwivelBoard

/// The boards shipped in boards/ must always load.
@Suite struct BoardFilesTests {
    static let boardsDirectory: String = {
        // #filePath is …/Tests/SwivelBoardTests/BoardFilesTests.swift.
        let components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        return (components.dropLast(3) + ["boards"]).joined(separator: "/")
    }()

    static func boardFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: boardsDirectory)
            .filter { $0.hasSuffix(".json5") }
            .sorted()
    }

    @Test func theShippedBoardsAreAllFound() throws {
        let files = try Self.boardFiles()
        #expect(files.contains("sim.json5"))
        #expect(files.contains("sim-continuous.json5"))
        #expect(files.contains("rpi4-stepper-pantilt.json5"))
        #expect(files.contains("rpi5-stepper-pantilt.json5"))
        #expect(files.contains("rpizero2w-servo-pantilt.json5"))
        #expect(files.contains("sim-tmc2209.json5"))
        #expect(files.contains("rpi4-tmc2209-pantilt.json5"))
        #expect(files.contains("sim-28byj48.json5"))
        #expect(files.contains("rpi4-28byj48-pantilt.json5"))
        for file in ["sim-pca9685.json5", "sim-pantilthat.json5", "rpi4-waveshare-pantilt.json5", "rpi5-waveshare-pantilt.json5",
                     "rpizero2w-waveshare-pantilt.json5", "rpi4-pimoroni-pantilt.json5"] {
            #expect(files.contains(file))
        }
    }

    @Test(arguments: try boardFiles())
    func everyShippedBoardLoads(file: String) throws {
        let path = Self.boardsDirectory + "/" + file
        do {
            _ = try BoardLoader.load(contentsOf: path)
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func simBoardHasTheDocumentedValues() throws {
        let board = try BoardLoader.load(contentsOf: Self.boardsDirectory + "/sim.json5")
        let expected = Board(
            name: "Swivel Simulated Stand",
            hardwareModel: "swivel-sim-1",
            backend: .simulated,
            gpioChipLabel: "swivel-sim",
            loopRateHz: 1000,
            axes: Board.Axes(
                pitch: Board.Axis(
                    motor: .stepper(Board.Stepper(
                        stepLine: 23, directionLine: 24, enableLine: 25, enableActiveLow: true,
                        stepsPerRevolution: 200, microsteps: 16, gearRatio: 2, invertDirection: false,
                        maxStepRateHz: 20000, minPulseWidthNanoseconds: 2000, directionSetupNanoseconds: 1000)),
                    encoder: .quadrature(Board.Quadrature(lineA: 13, lineB: 19, countsPerRevolution: 8192, invert: false)),
                    limits: Board.Limits(minRadians: -0.7, maxRadians: 0.7, maxSpeedRadiansPerSecond: 2,
                                         maxAccelerationRadiansPerSecondSquared: 10),
                    continuous: false),
                yaw: Board.Axis(
                    motor: .stepper(Board.Stepper(
                        stepLine: 17, directionLine: 27, enableLine: 22, enableActiveLow: true,
                        stepsPerRevolution: 200, microsteps: 16, gearRatio: 3, invertDirection: false,
                        maxStepRateHz: 20000, minPulseWidthNanoseconds: 2000, directionSetupNanoseconds: 1000)),
                    encoder: .quadrature(Board.Quadrature(lineA: 5, lineB: 6, countsPerRevolution: 8192, invert: false)),
                    limits: Board.Limits(minRadians: -2.8, maxRadians: 2.8, maxSpeedRadiansPerSecond: 3,
                                         maxAccelerationRadiansPerSecondSquared: 12),
                    continuous: false),
                roll: Board.Axis(
                    motor: .servo(Board.Servo(
                        pwmChip: 0, pwmChannel: 0, periodMicroseconds: 20000, minPulseMicroseconds: 1000,
                        maxPulseMicroseconds: 2000, angleAtMinPulseRadians: -0.785, angleAtMaxPulseRadians: 0.785)),
                    encoder: nil,
                    limits: Board.Limits(minRadians: -0.5, maxRadians: 0.5, maxSpeedRadiansPerSecond: 4,
                                         maxAccelerationRadiansPerSecondSquared: 20),
                    continuous: false)),
            serialPorts: [
                Board.SerialPort(role: .host, device: "pty", baud: 921600),
                Board.SerialPort(role: .vision, device: "pty", baud: 921600),
            ],
            simulation: Board.Simulation(stepperNaturalFrequencyHz: 120, stepperDampingRatio: 0.7,
                                         servoSlewRadiansPerSecond: 10.5, integrationStepMicroseconds: 20,
                                         batteries: [
                                             .init(name: "main", startLevel: 0.8, drainPerHour: 0.5, charging: false, chargePerHour: 0),
                                             .init(name: "grip", startLevel: 0.6, drainPerHour: 0, charging: true, chargePerHour: 0.4),
                                         ]),
            buttons: [
                .init(name: "shutter", line: 16, action: .cameraShutter, activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
                .init(name: "tracking", line: 26, action: .trackingToggle, activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
                .init(name: "flip", line: 8, action: .cameraFlip, activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
                .init(name: "zoomIn", line: 20, action: .cameraZoomIn(factor: 1), activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
                .init(name: "zoomOut", line: 7, action: .cameraZoomOut(factor: 1), activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
                .init(name: "one", line: 4, action: .button(id: 1), activeLow: true, bias: .pullUp, debounceMilliseconds: 10),
            ],
            vision: Board.Vision(
                source: .virtual, device: "/dev/video0", widthPx: 640, heightPx: 480, frameRateHz: 30, detector: .face,
                minConfidence: 0.5, cameraDeviceType: .wideAngle, cameraPosition: .back, intrinsics: nil, link: .vision,
                gestures: false),
            // Each GPIO line with its key and the line of the file it is on, in the fixed axis order.
            signals: [
                ("axes.pitch.motor.stepLine", 78, 23), ("axes.pitch.motor.dirLine", 79, 24),
                ("axes.pitch.motor.enableLine", 80, 25), ("axes.pitch.encoder.aLine", 87, 13),
                ("axes.pitch.encoder.bLine", 88, 19), ("axes.yaw.motor.stepLine", 41, 17),
                ("axes.yaw.motor.dirLine", 42, 27), ("axes.yaw.motor.enableLine", 43, 22),
                ("axes.yaw.encoder.aLine", 55, 5), ("axes.yaw.encoder.bLine", 56, 6),
                ("buttons[0].line", 127, 16), ("buttons[1].line", 128, 26), ("buttons[2].line", 129, 8),
                ("buttons[3].line", 130, 20), ("buttons[4].line", 131, 7), ("buttons[5].line", 132, 4),
            ].map { Board.Signal(keyPath: $0.0, fileLine: $0.1, line: $0.2) })
        #expect(board == expected)
    }

    @Test func continuousBoardHasASlipRingYawAndABoundedPitch() throws {
        let board = try BoardLoader.load(contentsOf: Self.boardsDirectory + "/sim-continuous.json5")
        let yaw = try #require(board.axes.yaw)
        let pitch = try #require(board.axes.pitch)
        #expect(board.axes.roll == nil)
        #expect(yaw.continuous)
        #expect(yaw.limits.minRadians == nil && yaw.limits.maxRadians == nil)
        #expect(yaw.encoder != nil && pitch.encoder != nil)
        #expect(!pitch.continuous)
        #expect(pitch.limits.minRadians == -0.7 && pitch.limits.maxRadians == 0.7)
        guard yaw.motor.stepper != nil, pitch.motor.stepper != nil else {
            Issue.record("both axes should be steppers")
            return
        }
        #expect(board.backend == .simulated && board.simulation != nil)
    }

    @Test func theTestFixtureLoads() throws {
        let board = try BoardLoader.parse(BoardFixture.text, source: "<string>")
        #expect(board.name == "Test Stand")
    }
}
