import Testing
@testable import SwivelBoard

/// `type: "busServo"`: its keys, its checks against the axis, and the bus
/// rules across axes (one ID each, one set of terms per device, no servo bus
/// on a serial link's port).
@Suite struct BusServoBoardTests {
    static func board(yaw: String, pitch: String, serial: String = #"{ role: "host", device: "pty", baud: 921600 }"#,
                      chip: String = "swivel-sim", yawExtra: String = "", yawLimits: String = "minRad: -2.5, maxRad: 2.5") -> String {
        """
        {
          name: "Bus Stand", hardwareModel: "bus-1", backend: "simulated",
          gpio: { chipLabel: "\(chip)" }, loop: { rateHz: 1000 },
          axes: {
            yaw: { limits: { \(yawLimits), maxSpeedRadPerSec: 3, maxAccelRadPerSec2: 12 }, motor: \(yaw)\(yawExtra) },
            pitch: { limits: { minRad: -0.7, maxRad: 0.7, maxSpeedRadPerSec: 2, maxAccelRadPerSec2: 10 }, motor: \(pitch) },
          },
          serial: [ \(serial) ],
          simulation: { stepperNaturalFrequencyHz: 120, stepperDampingRatio: 0.7, servoSlewRadPerSec: 10.5, integrationStepUs: 20 },
        }
        """
    }

    static func servo(_ id: Int, device: String = "/dev/serial0", baud: Int = 1_000_000, family: String = "feetech", extra: String = "") -> String {
        #"{ type: "busServo", protocol: "\#(family)", device: "\#(device)", baud: \#(baud), id: \#(id)\#(extra) }"#
    }

    static func problems(_ text: String) -> [BoardProblem] {
        do {
            _ = try BoardLoader.parse(text, source: "<test>")
            return []
        } catch {
            return error.problems
        }
    }

    @Test func aTwoServoBusLoads() throws {
        let board = try BoardLoader.parse(Self.board(yaw: Self.servo(1), pitch: Self.servo(2), chip: "pinctrl-bcm2711"), source: "<test>")
        let yaw = try #require(board.axes.yaw?.motor.settings as? Board.BusServo)
        #expect(yaw == Board.BusServo(protocolKind: .feetech, device: "/dev/serial0", baud: 1_000_000, id: 1))
        #expect(board.axes.yaw?.motor.typeName == "busServo")
        #expect(board.axes.yaw?.motor.settings.isAbsolute == true)
        #expect(board.axes.yaw?.motor.settings.ownEncoderCountsPerAxisTurn == 4096)
        #expect(board.signalDescriptions.contains(
            "axes.yaw.motor: /dev/serial0 (TXD GPIO14, header pin 8; RXD GPIO15, header pin 10), feetech bus at 1000000 baud, ID 1"))
        // The servo's own encoder: the counts, the zero and the direction map the axis.
        #expect(abs(yaw.counts(atRadians: 0) - 2048) < 1e-9)
        #expect(abs(yaw.radians(atCounts: 3072) - Double.pi / 2) < 1e-9)
    }

    @Test func aProtocolNameGetsASuggestion() {
        let problems = Self.problems(Self.board(yaw: Self.servo(1, family: "feetek"), pitch: Self.servo(2)))
        #expect(problems.contains { $0.keyPath == "axes.yaw.motor.protocol" && $0.reason.contains(#"did you mean "feetech"?"#) })
    }

    @Test func anIDOutOfRangeIsRefused() {
        let problems = Self.problems(Self.board(yaw: Self.servo(300), pitch: Self.servo(2)))
        #expect(problems.map(\.keyPath) == ["axes.yaw.motor.id"])
    }

    @Test func twoServosCannotShareAnIDOnOneBus() {
        let problems = Self.problems(Self.board(yaw: Self.servo(1), pitch: Self.servo(1)))
        #expect(problems.count == 1)
        #expect(problems.first?.reason == "axes.yaw.motor and axes.pitch.motor both claim ID 1 on /dev/serial0, which only one of them may have")
        // On two devices the same ID is fine.
        #expect(Self.problems(Self.board(yaw: Self.servo(1), pitch: Self.servo(1, device: "/dev/ttyUSB0"))).isEmpty)
    }

    @Test func servosOnOneBusMustAgreeOnItsTerms() {
        let problems = Self.problems(Self.board(yaw: Self.servo(1), pitch: Self.servo(2, baud: 57600)))
        #expect(problems.count == 1)
        #expect(problems.first?.reason.contains("share serial device /dev/serial0 but disagree: feetech at 1000000 baud, 100 Hz here, feetech at 57600 baud, 100 Hz there") == true)
    }

    @Test func aServoBusCannotBeASerialLinksPort() {
        let problems = Self.problems(Self.board(
            yaw: Self.servo(1), pitch: Self.servo(2), serial: #"{ role: "host", device: "/dev/serial0", baud: 921600 }"#))
        #expect(problems.map(\.keyPath) == ["serial[0]"])
        #expect(problems.first?.reason.contains("claim serial device /dev/serial0, which only one of them may have") == true)
    }

    @Test func theAxisRangeMustMapInsideTheServosTurn() {
        let problems = Self.problems(Self.board(yaw: Self.servo(1, extra: ", zeroCounts: 100"), pitch: Self.servo(2)))
        #expect(problems.map(\.keyPath) == ["axes.yaw.limits.minRad"])
        #expect(problems.first?.reason.contains("outside the servo's goal range 0...4095 counts") == true)
    }

    @Test func aBusServoAxisIsNeitherContinuousNorHomed() {
        let continuous = Self.problems(Self.board(yaw: Self.servo(1), pitch: Self.servo(2), yawExtra: ", continuous: true",
                                                  yawLimits: "minRad: -1, maxRad: 1"))
        #expect(continuous.contains { $0.reason.contains("a bus servo axis cannot be continuous") })
        let homed = Self.problems(Self.board(
            yaw: Self.servo(1), pitch: Self.servo(2),
            yawExtra: #", homing: { switchLine: 21, direction: "negative", switchPositionRad: -2.4 }"#))
        #expect(homed.contains { $0.keyPath == "axes.yaw.homing" && $0.reason.contains("a busServo knows its angle at power-up") })
    }

    /// Its own encoder closes the loop: fault detection needs no `encoder` key.
    @Test func faultDetectionUsesTheServosOwnEncoder() throws {
        let text = Self.board(yaw: Self.servo(1), pitch: Self.servo(2),
                              yawExtra: ", faultDetection: { maxFollowingErrorRad: 0.1, silentTravelRad: 0.01 }")
        let board = try BoardLoader.parse(text, source: "<test>")
        #expect(board.axes.yaw?.faultDetection.maxFollowingErrorRadians == 0.1)
        // 4 counts of 4096 a turn is 6 mrad: finer than that is refused, as for any encoder.
        let fine = Self.board(yaw: Self.servo(1), pitch: Self.servo(2), yawExtra: ", faultDetection: { silentTravelRad: 0.005 }")
        #expect(Self.problems(fine).map(\.keyPath) == ["axes.yaw.faultDetection.silentTravelRad"])
    }
}
