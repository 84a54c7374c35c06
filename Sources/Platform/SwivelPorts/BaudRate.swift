#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Baud rates termios can set without driver-specific ioctls.
enum BaudRate {
    #if canImport(Glibc)
    /// Linux encodes each rate as a Bxxx constant, not the number itself.
    static let table: [(rate: Int, speed: speed_t)] = [
        (1_200, speed_t(B1200)), (2_400, speed_t(B2400)), (4_800, speed_t(B4800)),
        (9_600, speed_t(B9600)), (19_200, speed_t(B19200)), (38_400, speed_t(B38400)),
        (57_600, speed_t(B57600)), (115_200, speed_t(B115200)), (230_400, speed_t(B230400)),
        (460_800, speed_t(B460800)), (500_000, speed_t(B500000)), (576_000, speed_t(B576000)),
        (921_600, speed_t(B921600)), (1_000_000, speed_t(B1000000)), (1_152_000, speed_t(B1152000)),
        (1_500_000, speed_t(B1500000)), (2_000_000, speed_t(B2000000)), (2_500_000, speed_t(B2500000)),
        (3_000_000, speed_t(B3000000)), (3_500_000, speed_t(B3500000)), (4_000_000, speed_t(B4000000)),
    ]
    #else
    /// Darwin's speed_t is the rate itself, but termios stops at 230400; faster
    /// rates need the IOSSIOSPEED ioctl, which this module does not use.
    static let table: [(rate: Int, speed: speed_t)] = [
        1_200, 2_400, 4_800, 9_600, 19_200, 38_400, 57_600, 115_200, 230_400,
    ].map { (rate: $0, speed: speed_t($0)) }
    #endif

    static func speed(for rate: Int) -> speed_t? {
        table.first { $0.rate == rate }?.speed
    }
}
