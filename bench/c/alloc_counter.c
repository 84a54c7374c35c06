/* LD_PRELOAD shim: counts heap allocations made by the real-time loop thread
 * (named "swivel-rt") and prints the count at exit. Run swiveld for two
 * different durations: if the counts match, the steady-state tick does not
 * allocate (everything counted is setup).
 *
 *   clang -O2 -shared -fPIC -o bench/out/alloc_counter.so bench/c/alloc_counter.c
 *   LD_PRELOAD=bench/out/alloc_counter.so dist/swiveld --board boards/sim.json5 --duration 2
 */
#define _GNU_SOURCE
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

static atomic_long rt_allocations;
static __thread int in_hook;

/* glibc's own entry points: no dlsym, so no bootstrapping problem. */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static void count_if_rt(void) {
    if (in_hook) return;
    in_hook = 1;
    char name[16] = {0};
    prctl(PR_GET_NAME, name, 0, 0, 0);
    if (strcmp(name, "swivel-rt") == 0) atomic_fetch_add(&rt_allocations, 1);
    in_hook = 0;
}

void *malloc(size_t size) {
    count_if_rt();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_if_rt();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_if_rt();
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    count_if_rt();
    void *p = __libc_memalign(alignment, size);
    if (!p) return 12; /* ENOMEM */
    *out = p;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_if_rt();
    return __libc_memalign(alignment, size);
}

__attribute__((destructor)) static void report(void) {
    fprintf(stderr, "alloc_counter: swivel-rt thread allocations: %ld\n", atomic_load(&rt_allocations));
}
