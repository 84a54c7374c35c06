// Units live in names: these aliases make a signature say what a Double means.
// Angles are radians everywhere (never degrees), rates rad/s, time seconds.

public typealias Radians = Double
public typealias RadiansPerSecond = Double
public typealias RadiansPerSecondSquared = Double
/// A duration, or a point on the runtime's monotonic clock in seconds.
public typealias Seconds = Double
