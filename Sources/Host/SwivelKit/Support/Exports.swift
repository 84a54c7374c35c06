// An app imports SwivelKit alone: the vocabulary's types the API takes and
// gives (Vector3, Quaternion, AxisSet, FramingMode, AnimationName, the
// normalized image spaces, Observation, CameraInformation, UserLimits,
// SwivelError) come with it, and SwivelKit has no copies of its own of them.
// Only the vocabulary is re-exported: the engine (SwivelCore) is an
// implementation detail an app must not reach around the session to drive.
@_exported public import SwivelVocabulary
