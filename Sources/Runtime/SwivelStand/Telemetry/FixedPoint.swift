/// Number formatting without Foundation (the firmware has no ICU):
/// `fixed(1.23456, 3)` is "1.235", `fixed(0.5, 2, signed: true)` is "+0.50".
/// Total: a value too large for fixed point (a host's 1e17 rad/s shown in the
/// status line) prints in Swift's shortest form, "1e+17", instead of trapping
/// in the conversion to Int64.
public func fixed(_ value: Double, _ decimals: Int, signed: Bool = false) -> String {
    guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "+inf" : "-inf") }
    var scale = 1.0
    for _ in 0..<max(decimals, 0) { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    guard let units = Int64(exactly: scaled), units < Int64.max / 10 else {
        return (signed && value > 0 ? "+" : "") + "\(value)"
    }
    let negative = value < 0 && scaled != 0
    var digits = String(units)
    if decimals > 0 {
        while digits.count <= decimals { digits = "0" + digits }
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
    }
    if negative { return "-" + digits }
    return signed ? "+" + digits : digits
}

/// A duration in nanoseconds as µs or ms, whichever reads better.
public func humanDuration(nanoseconds: Int64) -> String {
    if nanoseconds < 10_000 { return fixed(Double(nanoseconds) / 1_000, 1) + "µs" }
    if nanoseconds < 1_000_000 { return String(nanoseconds / 1_000) + "µs" }
    return fixed(Double(nanoseconds) / 1_000_000, 2) + "ms"
}
