/* The C baseline for swivel-bench's "step-timing" section: one thread at
 * SCHED_FIFO (where permitted) busy-waits to planned STEP edge instants, as
 * BusyWaitStepExecutor does (sleeping until --spin-window-ns before each edge,
 * then spinning; 0 spins all the time), "writes" each edge (a store, then a clock read:
 * what the mock chip's write costs) and records |written - planned|.
 *
 *   busywait_edges --steps N --interval-ns I --pulse-ns W --lead-ns L --spin-window-ns S
 *                  --priority P [--cpu C]
 * Edges: rising at start + k*I, falling W later, start = now + L.
 * Prints one line:
 *   edges n=2N p50_ns=.. p99_ns=.. max_ns=.. fifo=0|1 affinity=0|1
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static volatile int line_level;

int main(int argc, char **argv) {
    long long steps = 10000, interval = 200000, pulse = 2000, lead = 2000000, window = 200000;
    int priority = 48, cpu = -1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--steps")) steps = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--interval-ns")) interval = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--pulse-ns")) pulse = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--lead-ns")) lead = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--spin-window-ns")) window = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--priority")) priority = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--cpu")) cpu = atoi(argv[i + 1]);
        else { fprintf(stderr, "unknown argument %s\n", argv[i]); return 2; }
    }
    if (steps <= 0 || interval <= 2 * pulse || pulse <= 0) { fprintf(stderr, "bad schedule\n"); return 2; }

    struct sched_param parameters = { .sched_priority = priority };
    int fifo = pthread_setschedparam(pthread_self(), SCHED_FIFO, &parameters) == 0;
    int affinity = 0;
    if (cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpu, &set);
        affinity = sched_setaffinity(0, sizeof set, &set) == 0;
    }

    long long edges = 2 * steps;
    long long *errors = malloc(sizeof(long long) * edges);
    if (!errors) return 1;
    long long start = now_ns() + lead;
    for (long long k = 0; k < edges; k++) {
        long long planned = start + (k / 2) * interval + (k % 2) * pulse;
        long long sleep_for = planned - window - now_ns();
        if (window > 0 && sleep_for > 0) {
            struct timespec pause = { sleep_for / 1000000000LL, sleep_for % 1000000000LL };
            nanosleep(&pause, NULL);
        }
        while (now_ns() < planned) {}
        line_level = !(k % 2);
        long long written = now_ns();
        errors[k] = written - planned;
    }
    qsort(errors, edges, sizeof errors[0], compare);
    printf("edges n=%lld p50_ns=%lld p99_ns=%lld max_ns=%lld fifo=%d affinity=%d\n", edges, errors[edges / 2],
           errors[(edges * 99) / 100], errors[edges - 1], fifo, affinity);
    free(errors);
    return 0;
}
