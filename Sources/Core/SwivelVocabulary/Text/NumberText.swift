/// Numbers as a person typed them. A value that crossed the wire as an f32 is
/// widened to a Double on the way in, and Double's description of it shows the
/// f32's binary error (0.2 reads 0.20000000298023224); such a value is printed
/// with Float's shortest description instead, which reads back to the same f32.
public enum NumberText {
    /// Float's shortest description when `value` is exactly an f32 (every value
    /// from the wire is), else Double's.
    public static func shortest(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let single = Float(value)
        return Double(single) == value ? "\(single)" : "\(value)"
    }
}
