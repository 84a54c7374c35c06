#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SwivelPOSIX

func sleep(milliseconds: Int) {
    DeadlineSleep.until(nanoseconds: MonotonicTime.nanoseconds() + Int64(milliseconds) * 1_000_000)
}

func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

// fflush(nil) flushes every stream; naming `stdout` is a data race in Swift 6.
func flushStandardOutput() { fflush(nil) }

/// Columns of the terminal on standard output (80 when it cannot tell).
func terminalColumns() -> Int {
    var size = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
    return Int(size.ws_col)
}
