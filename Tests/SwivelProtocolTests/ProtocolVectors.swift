import SwivelVocabulary
import SwivelProtocol

/// One worked example per message, as docs/PROTOCOL.md prints it. Values are
/// exactly representable in binary32 so they survive the round trip bit for bit.
enum ProtocolVectors {
    enum Message: Equatable {
        case host(HostMessage)
        case accessory(AccessoryMessage)
    }

    struct Vector {
        var name: String
        var sequence: UInt16
        var message: Message
    }

    static let uuid = WireUUID(bytes: [
        0x5A, 0x1E, 0x0C, 0x3B, 0x9D, 0x27, 0x84, 0x4F, 0xA0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77,
    ])!

    static let receipt = MoveReceipt(requestID: 7, plannedDurationSeconds: 1.5, target: Vector3(pitch: 0.25, yaw: -0.5, roll: 0), clampedAxes: [.pitch])

    static let state = StateReport(
        timeMicroseconds: 2_500_000, axes: .all, systemTrackingEnabled: false, halted: false, dockedSessions: 1,
        framingMode: .automatic, regionOfInterest: .fullFrame, positions: Vector3(pitch: 0.25, yaw: 0.5, roll: 0),
        velocities: Vector3(pitch: 0, yaw: 0.125, roll: 0),
        limits: PerAxis(
            pitch: WireAxisLimits(positionRange: -0.75...0.75, maximumSpeed: 2, maximumAcceleration: 10),
            yaw: WireAxisLimits(positionRange: nil, maximumSpeed: 3, maximumAcceleration: 12), roll: nil),
        activity: .orientation(requestID: 7),
        lastProgress: MotionProgress(requestID: 7, kind: .orientation, state: .running, fractionCompleted: 0.5, plannedDurationSeconds: 1.5),
        enabledDriverAxes: .all)

    /// After steps that could not be written in time on yaw: the fault, its
    /// cause and the stand's account; the drivers released (pitch holds).
    static let faultedState = StateReport(
        timeMicroseconds: 3_000_000, axes: [.pitch, .yaw], systemTrackingEnabled: false, halted: false, dockedSessions: 1,
        framingMode: .automatic, regionOfInterest: .fullFrame, positions: Vector3(pitch: 0.25, yaw: 0.5, roll: 0),
        velocities: .zero,
        limits: PerAxis(
            pitch: WireAxisLimits(positionRange: -0.75...0.75, maximumSpeed: 2, maximumAcceleration: 10),
            yaw: WireAxisLimits(positionRange: nil, maximumSpeed: 3, maximumAcceleration: 12), roll: nil),
        activity: .velocity,
        lastProgress: MotionProgress(requestID: 7, kind: .orientation, state: .failed, fractionCompleted: 0.5, plannedDurationSeconds: 1.5),
        enabledDriverAxes: [.pitch], faultCause: .stepsTooLate, faultAxis: .yaw, faultDescription: "yaw's steps were late")

    static let camera = CameraInformation(
        deviceType: .wideAngle, position: .back, orientation: .portrait,
        intrinsics: .init(matrix: [1000, 0, 960, 0, 1000, 540, 0, 0, 1], referenceWidth: 1920, referenceHeight: 1080))

    static let all: [Vector] = [
        Vector(name: "hello", sequence: 1, message: .host(.hello(Hello(clientName: "swivelctl")))),
        Vector(name: "identity", sequence: 1, message: .accessory(.identity(Identity(
            uuid: uuid, axes: .all, capabilities: [.angularVelocity, .orientation, .animation, .limits, .systemTrackingSwitch],
            heartbeatTimeoutMilliseconds: 1000, motionStateRateHz: 50, trackingStateRateHz: 10,
            name: "Swivel", firmwareVersion: "0.1.0", hardwareModel: "swivel-sim-1")))),
        Vector(name: "heartbeat", sequence: 2, message: .host(.heartbeat)),
        Vector(name: "bye", sequence: 3, message: .host(.bye)),
        Vector(name: "ack", sequence: 2, message: .accessory(.ack(Ack(commandID: .heartbeat)))),
        Vector(name: "ack-move", sequence: 5, message: .accessory(.ack(Ack(commandID: .setOrientation, body: .moveStarted(receipt))))),
        Vector(name: "ack-state", sequence: 9, message: .accessory(.ack(Ack(commandID: .getState, body: .state(state))))),
        Vector(name: "ack-state-fault", sequence: 9, message: .accessory(.ack(Ack(commandID: .getState, body: .state(faultedState))))),
        Vector(name: "error", sequence: 4, message: .accessory(.error(ErrorReply(
            commandID: MessageID.setAngularVelocity.rawValue, code: .systemTrackingActive, reason: "system tracking is enabled")))),
        Vector(name: "error-axis", sequence: 6, message: .accessory(.error(ErrorReply(
            commandID: MessageID.setLimits.rawValue, code: .invalidParameter, axis: .pitch, value: 0.5, reason: "min not below max")))),
        Vector(name: "set-angular-velocity", sequence: 4, message: .host(.setAngularVelocity(Vector3(pitch: 0, yaw: 0.5, roll: 0)))),
        Vector(name: "set-orientation", sequence: 5, message: .host(.setOrientation(OrientationRequest(
            target: .angles(Vector3(pitch: 0.25, yaw: -0.5, roll: 0)), durationSeconds: 1.5, relative: false)))),
        Vector(name: "set-orientation-quaternion", sequence: 5, message: .host(.setOrientation(OrientationRequest(
            target: .quaternion(Quaternion(w: 1, x: 0, y: 0, z: 0)), durationSeconds: 0, relative: true)))),
        Vector(name: "animate", sequence: 7, message: .host(.animate(.kapow))),
        Vector(name: "stop", sequence: 8, message: .host(.stop)),
        Vector(name: "cancel", sequence: 8, message: .host(.cancel(requestID: 7))),
        Vector(name: "set-limits", sequence: 6, message: .host(.setLimits(LimitsRequest(limits: PerAxis(
            pitch: nil, yaw: .init(lowerRadians: -1, upperRadians: 1, maximumSpeed: 0.5), roll: nil))))),
        Vector(name: "reset-limits", sequence: 10, message: .host(.resetLimits)),
        Vector(name: "get-state", sequence: 9, message: .host(.getState)),
        Vector(name: "clear-fault", sequence: 13, message: .host(.clearFault)),
        Vector(name: "set-servo-pulse", sequence: 14, message: .host(.setServoPulse(axis: .yaw, pulseMicroseconds: 1500))),
        Vector(name: "set-system-tracking", sequence: 3, message: .host(.setSystemTracking(enabled: false))),
        Vector(name: "track", sequence: 11, message: .host(.track(TrackBatch(
            captureAgeMicroseconds: 33_000, camera: camera,
            observations: [.init(identifier: 42, kind: .humanFace, rect: NormalizedRectLowerLeft(x: 0.375, y: 0.5, width: 0.25, height: 0.25),
                                 faceYawRadians: 0.125, speakingConfidence: 0.75)])))),
        Vector(name: "set-framing-mode", sequence: 12, message: .host(.setFramingMode(.left))),
        Vector(name: "set-region-of-interest", sequence: 13, message: .host(.setRegionOfInterest(
            NormalizedRectUpperLeft(x: 0.25, y: 0, width: 0.5, height: 1)))),
        Vector(name: "select-subject-at", sequence: 14, message: .host(.selectSubject(at: NormalizedPointUpperLeft(x: 0.5, y: 0.25)))),
        Vector(name: "select-subjects", sequence: 15, message: .host(.selectSubjects([uuid]))),
        Vector(name: "gesture", sequence: 16, message: .host(.gesture(Gesture(kind: .openPalm, confidence: 0.875)))),
        Vector(name: "motion-state", sequence: 1, message: .accessory(.motionState(MotionStateReport(
            timeMicroseconds: 1_000_000, axes: .all, positions: Vector3(pitch: 0.25, yaw: 0.5, roll: 0),
            velocities: Vector3(pitch: 0, yaw: 0.125, roll: 0), systemTrackingEnabled: true, moving: true,
            enabledDriverAxes: .all)))),
        Vector(name: "motion-state-fault", sequence: 1, message: .accessory(.motionState(MotionStateReport(
            timeMicroseconds: 1_000_000, axes: [.pitch, .yaw], positions: Vector3(pitch: 0.25, yaw: 0.5, roll: 0),
            velocities: .zero, fault: .motorFault, systemTrackingEnabled: false, moving: false,
            enabledDriverAxes: [.pitch], faultCause: .stepsTooLate)))),
        Vector(name: "motion-state-servo-pulse", sequence: 1, message: .accessory(.motionState(MotionStateReport(
            timeMicroseconds: 1_000_000, axes: [.pitch, .yaw], positions: Vector3(pitch: 0, yaw: -0.75, roll: 0),
            velocities: .zero, systemTrackingEnabled: false, moving: false,
            enabledDriverAxes: [.pitch, .yaw], servoPulseMicroseconds: PerAxis(pitch: 0, yaw: 700, roll: 0))))),
        Vector(name: "progress", sequence: 2, message: .accessory(.progress(MotionProgress(
            requestID: 7, kind: .orientation, state: .finished, fractionCompleted: 1, plannedDurationSeconds: 1.5)))),
        Vector(name: "accessory-event", sequence: 3, message: .accessory(.accessoryEvent(.cameraZoom(factor: -0.5)))),
        Vector(name: "accessory-event-button", sequence: 3, message: .accessory(.accessoryEvent(.button(id: 2, pressed: true)))),
        Vector(name: "accessory-event-gesture", sequence: 3, message: .accessory(.accessoryEvent(.gesture(.openPalm)))),
        Vector(name: "battery-state", sequence: 4, message: .accessory(.batteryState(BatteryState(
            name: "main", level: 0.75, chargeState: .charging, lowBattery: false)))),
        Vector(name: "tracking-state", sequence: 5, message: .accessory(.trackingState(TrackingStateReport(
            timeMicroseconds: 1_250_000, subjects: [.init(uuid: uuid, kind: .person, rect: NormalizedRectLowerLeft(x: 0.375, y: 0.5, width: 0.25, height: 0.25),
                                                          saliencyRank: 1, speakingConfidence: 0.75)])))),
        Vector(name: "dock-state", sequence: 1, message: .accessory(.dockState(DockState(docked: true, systemTrackingEnabled: true)))),
    ]

    static func encode(_ vector: Vector) -> [UInt8] {
        switch vector.message {
        case .host(let m): WireFrame.encode(m, sequence: vector.sequence)
        case .accessory(let m): WireFrame.encode(m, sequence: vector.sequence)
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
    }
}
