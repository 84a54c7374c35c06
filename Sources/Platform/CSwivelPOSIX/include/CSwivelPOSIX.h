#ifndef CSWIVEL_POSIX_H
#define CSWIVEL_POSIX_H

// The glibc calls that exist only under _GNU_SOURCE, which the Swift Glibc
// module is not built with. Defining it here, in one C file, replaces looking
// the symbols up at run time (dlsym) and casting them to Swift function types.
// Plain C types only: this header needs no _GNU_SOURCE itself, and Swift
// sees no libc type through it (pollfd and timespec stay Glibc's).

#include <stddef.h>

/// Pins the calling thread to one CPU. 0, or the errno (EINVAL for a CPU
/// outside cpu_set_t, ENOSYS where the system has no affinity call).
int swivel_pin_current_thread(int cpu);

/// Names the calling thread (what `top -H` shows); Linux keeps 15 bytes.
/// 0, or the errno.
int swivel_name_current_thread(const char *name);

/// Where the calling thread's stack is: its lowest address and its size.
/// 0, or the errno.
int swivel_current_thread_stack(void **base, size_t *size);

/// ppoll with no signal mask over `count` struct pollfd: poll with a
/// nanosecond timeout (negative waits forever). As ppoll: the ready count,
/// or -1 with errno set.
int swivel_ppoll(void *descriptors, unsigned long count, long long timeout_nanoseconds);

#endif
