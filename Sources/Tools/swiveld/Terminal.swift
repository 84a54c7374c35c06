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
