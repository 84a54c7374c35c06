// Before any header: what makes glibc declare its GNU extensions.
#define _GNU_SOURCE

#include "CSwivelPOSIX.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <time.h>

int swivel_pin_current_thread(int cpu) {
#ifdef __linux__
    if (cpu < 0 || cpu >= CPU_SETSIZE) return EINVAL;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    // pid 0: the calling thread, not the whole process.
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : errno;
#else
    (void)cpu;
    return ENOSYS;
#endif
}

int swivel_name_current_thread(const char *name) {
#ifdef __linux__
    return pthread_setname_np(pthread_self(), name);
#else
    // Darwin names only the calling thread, and takes no thread argument.
    return pthread_setname_np(name);
#endif
}

int swivel_current_thread_stack(void **base, size_t *size) {
#ifdef __linux__
    pthread_attr_t attributes;
    int code = pthread_getattr_np(pthread_self(), &attributes);
    if (code != 0) return code;
    code = pthread_attr_getstack(&attributes, base, size);
    pthread_attr_destroy(&attributes);
    return code;
#else
    // Darwin reports the stack's top (its highest address), not its base.
    pthread_t self = pthread_self();
    *size = pthread_get_stacksize_np(self);
    *base = (char *)pthread_get_stackaddr_np(self) - *size;
    return 0;
#endif
}

int swivel_ppoll(void *descriptors, unsigned long count, long long timeout_nanoseconds) {
#ifdef __linux__
    struct timespec timeout = {
        .tv_sec = (time_t)(timeout_nanoseconds / 1000000000),
        .tv_nsec = (long)(timeout_nanoseconds % 1000000000),
    };
    return ppoll(descriptors, (nfds_t)count, timeout_nanoseconds < 0 ? NULL : &timeout, NULL);
#else
    long long milliseconds = timeout_nanoseconds < 0 ? -1 : (timeout_nanoseconds + 999999) / 1000000;
    return poll(descriptors, (nfds_t)count, milliseconds > 0x7fffffff ? 0x7fffffff : (int)milliseconds);
#endif
}
