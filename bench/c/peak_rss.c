/*
 * Runs a program and prints its peak RSS as wait4's ru_maxrss reports it.
 *
 * Why not wait4 from swivel-bench directly: on Linux, exec folds the outgoing
 * address space's high-water mark into the process's ru_maxrss, and a child
 * of posix_spawn (vfork) or fork execs out of a copy of the spawner's memory.
 * So a child's ru_maxrss never reads below its parent's RSS, and the bench,
 * with its workloads behind it, is bigger than the daemon it measures. This
 * launcher is a few hundred KiB of C; its child execs out of that instead.
 *
 * Usage: peak_rss PROGRAM [ARGS...]
 * The child inherits stdin/stdout/stderr. After it ends, prints one line:
 *   peak_rss pid=N maxrss_kib=N exit=N signal=N
 * and exits with the child's status (128 + signal if it was killed).
 * Build: clang -O2 -o bench/out/peak_rss bench/c/peak_rss.c
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: peak_rss PROGRAM [ARGS...]\n");
        return 2;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "peak_rss: fork: %s\n", strerror(errno));
        return 2;
    }
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        fprintf(stderr, "peak_rss: cannot run %s: %s\n", argv[1], strerror(errno));
        _exit(127);
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) == -1) {
        if (errno != EINTR) {
            fprintf(stderr, "peak_rss: wait4: %s\n", strerror(errno));
            return 2;
        }
    }
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    printf("peak_rss pid=%d maxrss_kib=%ld exit=%d signal=%d\n", (int)pid, usage.ru_maxrss, code, signal);
    return signal ? 128 + signal : code;
}
