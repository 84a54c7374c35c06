#if os(Linux)
import Glibc
import SwivelPOSIX

/// How the daemon keeps page faults out of the tick without keeping the whole
/// binary resident.
///
/// `mlockall(MCL_CURRENT | MCL_FUTURE)` makes every mapped page resident: the
/// whole 9.6 MiB static binary, every thread's whole stack. Peak RSS was then
/// 19.9 MiB against a 16 MiB budget. With `MCL_ONFAULT` a page is locked when
/// it is first touched and never paged out after (10.5 MiB measured): start-up
/// and the first ticks touch the tick's code and data, so a fault can only
/// come from a code path the tick has not taken yet (a fault stop, homing), and
/// it happens once per page. Two things keep that fault minor (a page-table
/// update, microseconds) rather than a read from the SD card:
/// - the executable is read ahead into the page cache at start
///   (`readAheadExecutable`);
/// - the real-time threads fault their stacks in before their first tick
///   (`POSIXThread.lockCurrentStack`), since a stack page is anonymous and its first
///   touch would otherwise allocate.
enum MemoryLockPolicy {
    /// 0 on success, else -1 with errno set (as mlockall).
    static func lockAll() -> Int32 {
        if mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT) == 0 { return 0 }
        // EINVAL: a kernel without MCL_ONFAULT; lock everything instead.
        guard errno == EINVAL else { return -1 }
        return mlockall(MCL_CURRENT | MCL_FUTURE)
    }

    /// Asks the kernel to read the whole executable into the page cache now,
    /// asynchronously: a code page first touched later is then a minor fault.
    static func readAheadExecutable() {
        guard let executable = try? FileDescriptor.open("/proc/self/exe", .readOnly) else { return }
        executable.closeAfter { _ = posix_fadvise(executable.rawValue, 0, 0, POSIX_FADV_WILLNEED) }
    }
}
#endif
