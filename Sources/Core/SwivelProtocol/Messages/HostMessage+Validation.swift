public import SwivelVocabulary

extension HostMessage {
    /// Checks every number against `InputRanges` (docs/PROTOCOL.md, "Field
    /// ranges"), so an absurd value is refused with `invalidParameter` naming
    /// the field, the axis and the value before it reaches the motion loop or
    /// the tracking pipeline. Bit masks are checked as they are read (`decode`
    /// keeps no undefined bit to check later). Rules that need the stand (an
    /// axis it lacks, the hardware range) are the stand's.
    public func validate() throws(SwivelError) {
        switch self {
        case .setAngularVelocity(let velocity):
            try InputRanges.check(angularVelocity: velocity)
        case .setOrientation(let request):
            try InputRanges.check(orientation: request.target, durationSeconds: request.durationSeconds)
        case .setLimits(let request):
            _ = try request.userLimits()
        case .track(let batch):
            try batch.validate()
        case .setRegionOfInterest(let region):
            try InputRanges.check(region)
        case .selectSubject(let point):
            try InputRanges.check(point)
        case .gesture(let gesture):
            try InputRanges.gestureConfidence.check(gesture.confidence)
        case .setServoPulse(let axis, let microseconds):
            try InputRanges.servoPulse.check(microseconds, axis: axis)
        case .hello, .heartbeat, .bye, .animate, .stop, .cancel, .resetLimits, .clearFault, .getState,
             .setSystemTracking, .setFramingMode, .selectSubjects:
            break
        }
    }
}
