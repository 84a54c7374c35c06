import SwivelPOSIX

/// Writes a line to standard error.
func printError(_ message: String) {
    StandardError.write(message + "\n")
}

/// Sleeps the calling thread for `seconds`, resuming after signals.
func sleep(seconds: Double) {
    DeadlineSleep.until(nanoseconds: MonotonicTime.nanoseconds() + Int64(seconds * 1e9))
}
