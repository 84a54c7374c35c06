// An app imports SwivelKit alone, as it imports DockKit alone: the geometry
// and enum types the API takes (Vector3, Quaternion, AxisSet, FramingMode,
// AnimationName, the normalized image spaces) come with it. Only the
// vocabulary is re-exported: the engine (SwivelCore) is an implementation
// detail an app must not reach around the accessory to drive.
@_exported public import SwivelVocabulary
