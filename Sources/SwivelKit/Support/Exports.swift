// An app imports SwivelKit alone, as it imports DockKit alone: the geometry
// and enum types the API takes (Vector3, Quaternion, AxisSet, FramingMode,
// AnimationName, the normalized image spaces) come with it.
@_exported public import SwivelCore
