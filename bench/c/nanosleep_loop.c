/*
 * The C baseline for Swivel's real-time loop: the same recipe as
 * Sources/Runtime/SwivelLoop/RealtimeLoop (Klipper's src/linux: mlockall, SCHED_FIFO,
 * clock_nanosleep to absolute CLOCK_MONOTONIC deadlines, skip ahead on overrun)
 * with an empty body, recording wake latency (wake - deadline).
 *
 * The histogram mirrors LatencyHistogram.swift bucket for bucket (1 us buckets
 * below 2 ms, 100 us to 10 ms, 1 ms to 1 s, then overflow) and the percentile is
 * the same bucket upper bound clamped to the max, so both sides round alike.
 *
 * Usage: nanosleep_loop [--period-ns N] [--seconds S] [--priority P] [--no-mlock]
 *   --priority 0 keeps the normal scheduler. Defaults: 1000000 ns, 5 s, 49.
 * Prints one line on stdout:
 *   wake_ns p50=.. p99=.. max=.. mean=.. ticks=.. overruns=.. skipped=.. fifo=0|1
 *           mlock=0|1 sum=.. buckets=INDEX:COUNT,...   (non-empty buckets only)
 * Build: clang -O2 -o bench/out/nanosleep_loop bench/c/nanosleep_loop.c
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define FINE_WIDTH_NS 1000LL
#define FINE_LIMIT_NS 2000000LL
#define MEDIUM_WIDTH_NS 100000LL
#define MEDIUM_LIMIT_NS 10000000LL
#define COARSE_WIDTH_NS 1000000LL
#define COARSE_LIMIT_NS 1000000000LL
#define FINE_BUCKETS (FINE_LIMIT_NS / FINE_WIDTH_NS)
#define MEDIUM_BUCKETS ((MEDIUM_LIMIT_NS - FINE_LIMIT_NS) / MEDIUM_WIDTH_NS)
#define COARSE_BUCKETS ((COARSE_LIMIT_NS - MEDIUM_LIMIT_NS) / COARSE_WIDTH_NS)
#define OVERFLOW_BUCKET (FINE_BUCKETS + MEDIUM_BUCKETS + COARSE_BUCKETS)
#define BUCKET_COUNT (OVERFLOW_BUCKET + 1)

static uint64_t counts[BUCKET_COUNT];
static uint64_t sample_count;
static int64_t sum_ns, max_ns;

static int64_t
now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int
bucket_index(int64_t ns)
{
    if (ns < 0)
        ns = 0;
    if (ns < FINE_LIMIT_NS)
        return (int)(ns / FINE_WIDTH_NS);
    if (ns < MEDIUM_LIMIT_NS)
        return (int)(FINE_BUCKETS + (ns - FINE_LIMIT_NS) / MEDIUM_WIDTH_NS);
    if (ns < COARSE_LIMIT_NS)
        return (int)(FINE_BUCKETS + MEDIUM_BUCKETS + (ns - MEDIUM_LIMIT_NS) / COARSE_WIDTH_NS);
    return OVERFLOW_BUCKET;
}

static int64_t
upper_bound_ns(int bucket)
{
    if (bucket < FINE_BUCKETS)
        return (bucket + 1) * FINE_WIDTH_NS;
    if (bucket < FINE_BUCKETS + MEDIUM_BUCKETS)
        return FINE_LIMIT_NS + (bucket - FINE_BUCKETS + 1) * MEDIUM_WIDTH_NS;
    if (bucket < OVERFLOW_BUCKET)
        return MEDIUM_LIMIT_NS + (bucket - FINE_BUCKETS - MEDIUM_BUCKETS + 1) * COARSE_WIDTH_NS;
    return INT64_MAX;
}

static void
record(int64_t ns)
{
    if (ns < 0)
        ns = 0;
    counts[bucket_index(ns)]++;
    sample_count++;
    sum_ns += ns;
    if (ns > max_ns)
        max_ns = ns;
}

static int64_t
percentile_ns(double p)
{
    if (sample_count == 0)
        return 0;
    double shrunk = p * (double)sample_count * (1 - 1e-12);
    uint64_t rank = (uint64_t)shrunk; /* ceil without libm, for a plain cc line */
    if ((double)rank < shrunk)
        rank++;
    if (rank < 1)
        rank = 1;
    uint64_t seen = 0;
    for (int b = 0; b < BUCKET_COUNT; b++) {
        seen += counts[b];
        if (seen >= rank) {
            int64_t bound = upper_bound_ns(b);
            return bound < max_ns ? bound : max_ns;
        }
    }
    return max_ns;
}

static int
parse_int64(const char *text, int64_t *out)
{
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno || end == text || *end)
        return -1;
    *out = value;
    return 0;
}

static int
usage(const char *reason)
{
    fprintf(stderr, "nanosleep_loop: %s\n"
            "usage: nanosleep_loop [--period-ns N] [--seconds S] [--priority P] [--no-mlock]\n",
            reason);
    return 2;
}

int
main(int argc, char **argv)
{
    int64_t period = 1000000, priority = 49;
    double seconds = 5;
    int lock_memory = 1;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--no-mlock")) {
            lock_memory = 0;
            continue;
        }
        if (strcmp(arg, "--period-ns") && strcmp(arg, "--seconds") && strcmp(arg, "--priority"))
            return usage("unknown option");
        if (i + 1 >= argc)
            return usage("missing value after an option");
        const char *value = argv[++i];
        if (!strcmp(arg, "--period-ns")) {
            if (parse_int64(value, &period) || period < 10000 || period > 1000000000)
                return usage("--period-ns must be an integer in 10000...1000000000");
        } else if (!strcmp(arg, "--seconds")) {
            char *end;
            seconds = strtod(value, &end);
            if (end == value || *end || !(seconds > 0 && seconds <= 3600))
                return usage("--seconds must be a number in (0, 3600]");
        } else if (!strcmp(arg, "--priority")) {
            if (parse_int64(value, &priority) || priority < 0 || priority > 99)
                return usage("--priority must be 0 (normal scheduler) or 1...99");
        }
    }

    int mlocked = 0, fifo = 0;
    if (lock_memory) {
        if (mlockall(MCL_CURRENT | MCL_FUTURE) == 0)
            mlocked = 1;
        else
            fprintf(stderr, "nanosleep_loop: mlockall refused: %s\n", strerror(errno));
    }
    if (priority > 0) {
        struct sched_param sp = { .sched_priority = (int)priority };
        int ret = pthread_setschedparam(pthread_self(), SCHED_FIFO, &sp);
        if (ret == 0)
            fifo = 1;
        else
            fprintf(stderr, "nanosleep_loop: SCHED_FIFO %d refused: %s\n", (int)priority, strerror(ret));
    }

    uint64_t ticks = 0, overruns = 0, skipped = 0;
    int64_t start = now_ns();
    int64_t stop_at = start + (int64_t)(seconds * 1e9);
    int64_t deadline = start + period;
    while (deadline < stop_at) {
        struct timespec ts = { .tv_sec = deadline / 1000000000LL, .tv_nsec = deadline % 1000000000LL };
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
            ;
        int64_t wake = now_ns();
        record(wake - deadline);
        /* The (empty) body would run here. */
        int64_t end = now_ns();
        ticks++;
        int64_t next = deadline + period;
        if (end >= next) {
            int64_t late = (end - deadline) / period;
            overruns++;
            skipped += (uint64_t)late;
            deadline += (late + 1) * period;
        } else {
            deadline = next;
        }
    }

    printf("wake_ns p50=%lld p99=%lld max=%lld mean=%.0f ticks=%llu overruns=%llu skipped=%llu"
           " fifo=%d mlock=%d sum=%lld buckets=",
           (long long)percentile_ns(0.5), (long long)percentile_ns(0.99), (long long)max_ns,
           sample_count ? (double)sum_ns / (double)sample_count : 0.0,
           (unsigned long long)ticks, (unsigned long long)overruns, (unsigned long long)skipped,
           fifo, mlocked, (long long)sum_ns);
    const char *separator = "";
    for (int b = 0; b < BUCKET_COUNT; b++) {
        if (counts[b]) {
            printf("%s%d:%llu", separator, b, (unsigned long long)counts[b]);
            separator = ",";
        }
    }
    printf("\n");
    return 0;
}
