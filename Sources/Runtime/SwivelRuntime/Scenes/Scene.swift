public import SwivelCore

/// A tracking scene: subjects moving in the world for a while, seen by one
/// simulated camera on the stand. Loaded from `scenes/*.json5` (`SceneLoader`);
/// the format is in docs/TRACKING.md, "Simulated camera and scenes".
///
/// Subject angles are WORLD directions as seen from the stand's pivot: `yaw`
/// is the stand yaw that puts the subject on the optical axis (right +, the
/// same for both cameras), `pitch` is the subject's elevation above the
/// camera's horizon at stand pitch 0 (up +). The stand pitch that centres a
/// subject is therefore −pitch for the back camera and +pitch for the front.
public struct Scene: Equatable, Sendable {
    public var name: String
    public var durationSeconds: Seconds
    public var camera: SceneCamera
    public var subjects: [SceneSubject]
    /// The subject the metrics follow (framing error, time in frame, step).
    public var primarySubjectID: Int64
    /// Button presses on the simulated board, at times from the scene's start.
    public var buttonPresses: [ScenePress]

    public init(
        name: String, durationSeconds: Seconds, camera: SceneCamera, subjects: [SceneSubject], primarySubjectID: Int64,
        buttonPresses: [ScenePress] = []
    ) {
        self.name = name
        self.durationSeconds = durationSeconds
        self.camera = camera
        self.subjects = subjects
        self.primarySubjectID = primarySubjectID
        self.buttonPresses = buttonPresses
    }

    public var primarySubject: SceneSubject? { subjects.first { $0.id == primarySubjectID } }
}

/// A press of one of the simulated board's buttons, held for a while.
public struct ScenePress: Equatable, Sendable {
    public var atSeconds: Seconds
    /// The board's `buttons[i].name`.
    public var button: String
    /// nil: the button's debounce window and 100 ms more.
    public var holdSeconds: Seconds?

    public init(atSeconds: Seconds, button: String, holdSeconds: Seconds? = nil) {
        self.atSeconds = atSeconds
        self.button = button
        self.holdSeconds = holdSeconds
    }
}

/// The phone on the stand and how its detector behaves.
public struct SceneCamera: Equatable, Sendable {
    public var deviceType: CameraInformation.DeviceType
    public var position: CameraInformation.Position
    public var orientation: CameraInformation.Orientation
    public var frameRateHz: Double
    /// From capture to the batch's arrival at the stand; sent as its capture age.
    public var latencySeconds: Seconds
    /// Standard deviation of the detector's error on a rect's centre, in
    /// normalized buffer units (fractions of the frame).
    public var noiseSigma: Double
    /// Chance that a visible subject is missing from a batch.
    public var dropoutProbability: Double
    public var seed: UInt64
    /// Each batch a further 0…this late, uniformly at random, on top of
    /// `latencySeconds`: a detector whose run time varies on a loaded board.
    /// Batches still arrive in order (a late one holds back those behind it).
    public var latencyJitterSeconds: Seconds
    /// Chance per frame that the sender stalls: the batch is held back
    /// `stallSeconds` more, and those behind it bunch up after it.
    public var stallProbability: Double
    public var stallSeconds: Seconds
    /// Chance per frame that no batch is sent at all (the detector skipped it).
    public var frameDropProbability: Double

    public init(
        deviceType: CameraInformation.DeviceType, position: CameraInformation.Position,
        orientation: CameraInformation.Orientation, frameRateHz: Double, latencySeconds: Seconds,
        noiseSigma: Double, dropoutProbability: Double, seed: UInt64, latencyJitterSeconds: Seconds = 0,
        stallProbability: Double = 0, stallSeconds: Seconds = 0.15, frameDropProbability: Double = 0
    ) {
        self.latencyJitterSeconds = latencyJitterSeconds
        self.stallProbability = stallProbability
        self.stallSeconds = stallSeconds
        self.frameDropProbability = frameDropProbability
        self.deviceType = deviceType
        self.position = position
        self.orientation = orientation
        self.frameRateHz = frameRateHz
        self.latencySeconds = latencySeconds
        self.noiseSigma = noiseSigma
        self.dropoutProbability = dropoutProbability
        self.seed = seed
    }

    public var information: CameraInformation {
        CameraInformation(deviceType: deviceType, position: position, orientation: orientation)
    }
}

/// One person or thing in the scene.
public struct SceneSubject: Equatable, Sendable {
    public var id: Int64
    public var kind: Observation.Kind
    /// Angular size as seen from the stand.
    public var widthRadians: Radians
    public var heightRadians: Radians
    public var path: SubjectPath
    /// nil: the detector reports no speaking confidence for this subject.
    public var speaking: ConfidenceCurve?

    public init(
        id: Int64, kind: Observation.Kind, widthRadians: Radians, heightRadians: Radians,
        path: SubjectPath, speaking: ConfidenceCurve? = nil
    ) {
        self.id = id
        self.kind = kind
        self.widthRadians = widthRadians
        self.heightRadians = heightRadians
        self.path = path
        self.speaking = speaking
    }
}
