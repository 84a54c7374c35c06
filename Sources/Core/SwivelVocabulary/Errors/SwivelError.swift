/// Every rejection the runtime gives, mirroring DockKitError plus the runtime's
/// own codes. A rejected command changes nothing.
///
/// The reason is an enum, not a formatted string, so rejecting a command inside
/// the real-time tick never allocates; `description` formats it for people.
public struct SwivelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one error-code table: what the engine refuses with, and what ERR
    /// carries as it is.
    /// docs/PROTOCOL.md §4.2 lists the same numbers and names, and the tests
    /// hold the two together (ErrorCodeTableTests). DockKitError's cases and
    /// the runtime's own come first; the transport's start at 0x20, and the
    /// engine never refuses with those.
    public enum Code: UInt8, Sendable, CaseIterable, CustomStringConvertible {
        case invalidParameter = 1
        case notConnected = 2
        case notSupported = 3
        case notSupportedByDevice = 4
        case frameRateTooHigh = 5
        case frameRateTooLow = 6
        case noSubjectFound = 7
        case systemTrackingActive = 8
        case motorFault = 9
        /// The command mailbox to the real-time loop is full; try again.
        case busy = 10
        case unknownMessage = 0x20
        case badLength = 0x21
        case versionMismatch = 0x22
        /// Reserved for a receiver that cannot parse a field it must (unused by v1 senders).
        case badFrame = 0x23

        public var description: String {
            switch self {
            case .invalidParameter: "invalidParameter"
            case .notConnected: "notConnected"
            case .notSupported: "notSupported"
            case .notSupportedByDevice: "notSupportedByDevice"
            case .frameRateTooHigh: "frameRateTooHigh"
            case .frameRateTooLow: "frameRateTooLow"
            case .noSubjectFound: "noSubjectFound"
            case .systemTrackingActive: "systemTrackingActive"
            case .motorFault: "motorFault"
            case .busy: "busy"
            case .unknownMessage: "unknownMessage"
            case .badLength: "badLength"
            case .versionMismatch: "versionMismatch"
            case .badFrame: "badFrame"
            }
        }
    }

    public enum Reason: UInt8, Sendable, CaseIterable {
        case nonFiniteValue
        case rangeMinimumNotBelowMaximum
        case nonPositiveSpeed
        case nonPositiveAcceleration
        case emptyLimitIntersection
        case axisNotPresent
        case negativeDuration
        case notUnitQuaternion
        case orientationCallRateExceeded
        case mailboxFull
        case rangeOnContinuousAxisTooWide
        case standHalted
        case subjectNotFound
        case noSubjectAtPoint
        case negativeSelectionSetting
        case negativeRectSize
        case confidenceOutOfRange
        case fieldOfViewOutOfRange
        case regionOfInterestOutsideFrame
        case nonPositiveFaultThreshold
        case followingErrorFault
        case encoderSilentFault
        case faultStillStopping
        case nonPositiveHomingSetting
        case homingInProgress
        case noHomeSwitch
        case homingFailedFault
        // The field ranges of InputRanges (docs/PROTOCOL.md, "Field ranges").
        case angularVelocityOutOfRange
        case durationOutOfRange
        case angleOutOfRange
        case limitOutOfRange
        case rangeTooNarrow
        case speedOutOfRange
        case undefinedAxisBits
        case undefinedFlagBits
        case captureAgeOutOfRange
        case intrinsicsOutOfRange
        case intrinsicsNotPinhole
        case referenceSizeOutOfRange
        case observationRectOutOfRange
        case faceYawOutOfRange
        case regionOfInterestTooSmall
        case pointOutsideFrame
        case stepsTooLateFault
        case gestureConfidenceOutOfRange
        // Appended: a reason's raw value is its code, so new ones go last.
        case motorReportedFault
        case servoPulseOutOfRange
        case notAPulseWidthServo
        case servoPulseWhileMoving

        public var text: String {
            switch self {
            case .nonFiniteValue: "value must be a finite number"
            case .rangeMinimumNotBelowMaximum: "position range minimum must be below its maximum"
            case .nonPositiveSpeed: "maximum speed must be greater than 0"
            case .nonPositiveAcceleration: "maximum acceleration must be greater than 0"
            case .emptyLimitIntersection: "range does not overlap the stand's hardware range"
            case .axisNotPresent: "this stand has no such axis"
            case .negativeDuration: "duration must be 0 or more seconds"
            case .notUnitQuaternion: "orientation quaternion must have unit length"
            case .orientationCallRateExceeded:
                "setOrientation and animate share 2 calls per sliding second; wait for the window to pass"
            case .mailboxFull: "the command queue to the motion loop is full"
            case .rangeOnContinuousAxisTooWide: "a range on a continuous axis may span at most one turn (2π)"
            case .standHalted: "the stand is shutting down: motors stopped and disabled"
            case .subjectNotFound:
                "none of those subject UUIDs is being tracked (never seen, or not seen for longer than forget-after)"
            case .noSubjectAtPoint: "no subject of the last observation batch contains that point"
            case .negativeSelectionSetting: "subject selection margins, weights and times must be 0 or more"
            case .negativeRectSize: "an observation rect's width and height must be 0 or more"
            case .confidenceOutOfRange: "a speaking or looking-at-camera confidence must lie in 0...1"
            case .fieldOfViewOutOfRange: "a field of view must be more than 0 and less than π radians"
            case .regionOfInterestOutsideFrame:
                "a region of interest must have a positive width and height and lie inside the frame (0...1)"
            case .nonPositiveFaultThreshold: "a fault threshold must be a finite number greater than 0"
            case .followingErrorFault:
                "motor fault: the axis is far from where it was commanded (stalled, skipped steps or slipped); "
                    + "motors are off and motion is refused until CLEAR_FAULT clears it (swivelctl clear-fault)"
            case .nonPositiveHomingSetting: "a homing speed, backoff or travel must be a finite number greater than 0"
            case .homingFailedFault:
                "motor fault: an axis did not find its home switch, so its position is unknown; motion is refused "
                    + "until the fault is cleared (the axis then counts from where it stopped)"
            case .noHomeSwitch: "no axis of this stand has a home switch (homing in the board file)"
            case .homingInProgress: "the stand is homing its axes; motion is accepted once every axis is homed"
            case .faultStillStopping:
                "the stand is still stopping after a motor fault; clear the fault once every axis is at rest"
            case .stepsTooLateFault:
                "motor fault: an axis's steps could not be written in time and were dropped (the loop or the step "
                    + "thread was held up); motors are off and motion is refused until CLEAR_FAULT clears it (swivelctl clear-fault)"
            case .motorReportedFault:
                "motor fault: a motor reported a problem of its own (a bus servo overheating, overloaded, or silent on "
                    + "its bus; the status line and the log say which); motors are off and motion is refused until "
                    + "CLEAR_FAULT clears it (swivelctl clear-fault)"
            case .encoderSilentFault:
                "motor fault: an encoder did not change while its motor moved (disconnected, or the axis is jammed); "
                    + "motors are off and motion is refused until CLEAR_FAULT clears it (swivelctl clear-fault)"
            case .angularVelocityOutOfRange:
                "an angular velocity must lie in -100...100 rad/s on each axis (no board's speed cap is higher; "
                    + "each axis is clamped to its own)"
            case .durationOutOfRange: "a duration must lie in 0...86400 s (a day)"
            case .angleOutOfRange: "an orientation angle, absolute or relative, must lie in -4π...4π rad (two turns)"
            case .limitOutOfRange: "a limit's minimum and maximum must lie in -4π...4π rad (two turns)"
            case .rangeTooNarrow: "a limit's position range, and its overlap with the hardware range, must be at least 0.001 rad wide"
            case .speedOutOfRange: "a maximum speed must lie in 0.001...100 rad/s"
            case .undefinedAxisBits: "an axis mask may set only bits 0-2 (pitch, yaw, roll)"
            case .undefinedFlagBits: "observation flags may set only bits 0-2 (face yaw, speaking, looking present)"
            case .captureAgeOutOfRange:
                "a capture age must lie in 0...1000000 µs: the motion history reaches 1 s, so an older image cannot be placed"
            case .intrinsicsOutOfRange: "intrinsics must have fx and fy in 1...1e6 px, and s, cx and cy in -1e6...1e6 px"
            case .intrinsicsNotPinhole:
                "intrinsics must be a pinhole matrix [fx s cx; 0 fy cy; 0 0 1], row-major "
                    + "(sent column-major, cx and cy land in the bottom row)"
            case .referenceSizeOutOfRange: "the reference width and height must lie in 1...100000 px"
            case .observationRectOutOfRange:
                "an observation rect must be 0.0001...2 wide and high and lie within -0.5...1.5 "
                    + "(a subject partly out of frame; further out is a sender bug)"
            case .faceYawOutOfRange: "a face yaw must lie in -π...π rad"
            case .regionOfInterestTooSmall: "a region of interest must be at least 0.01 of the frame wide and high"
            case .pointOutsideFrame: "a point must lie inside the frame: 0...1 on both axes"
            case .gestureConfidenceOutOfRange: "a gesture's confidence must lie in 0...1"
            case .servoPulseOutOfRange:
                "a servo pulse jog must lie in 500...2500 µs, and within what the servo's output can send "
                    + "(shorter than its period)"
            case .notAPulseWidthServo:
                "SET_SERVO_PULSE drives only a pulse-width servo (servo, pca9685Servo, panTiltHatServo); "
                    + "this axis has a stepper or a bus servo"
            case .servoPulseWhileMoving:
                "a servo pulse jog takes a stand at rest: stop the move, animation, velocity or tracking first (STOP)"
            }
        }
    }

    public var code: Code
    public var reason: Reason
    /// The axis the problem is on, when it is on one.
    public var axis: Axis?
    /// The offending value, when there is one.
    public var value: Double?

    public init(_ code: Code, _ reason: Reason, axis: Axis? = nil, value: Double? = nil) {
        self.code = code
        self.reason = reason
        self.axis = axis
        self.value = value
    }

    public var description: String {
        var text = "\(code): "
        if let axis { text += "\(axis): " }
        text += reason.text
        // As typed: a value from the wire is a widened f32.
        if let value { text += " (got \(NumberText.shortest(value)))" }
        return text
    }

    public static func invalid(_ reason: Reason, axis: Axis? = nil, value: Double? = nil) -> SwivelError {
        SwivelError(.invalidParameter, reason, axis: axis, value: value)
    }
}
