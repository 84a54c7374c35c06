/// What every pulse-width servo type's settings share, whatever makes the
/// pulse (the Pi's PWM, a PCA9685 channel, the Pan-Tilt HAT): the pulse range
/// and the axis angles at its ends. The runtime turns it into one
/// `ServoPulseMapping` for all of them.
public protocol ServoPulseRange {
    var minPulseMicroseconds: Int { get }
    var maxPulseMicroseconds: Int { get }
    var angleAtMinPulseRadians: Double { get }
    var angleAtMaxPulseRadians: Double { get }
}

extension Board.Servo: ServoPulseRange {}
extension Board.PCA9685Servo: ServoPulseRange {}
extension Board.PanTiltHATServo: ServoPulseRange {}
