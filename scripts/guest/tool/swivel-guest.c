/*
 * The guest's own instrument for `make check-hardware`, built static on the
 * host and run inside the QEMU guest. It reads and drives the kernel's GPIO
 * the way a logic analyser and a signal generator would, so the checks never
 * use the code they check:
 *
 *   swivel-guest lineinfo /dev/gpiochipN
 *       one line per line offset, from the kernel's v2 line-info ioctl:
 *       "OFFSET consumer=NAME used=0|1 dir=in|out bias=... edge=... debounce_us=N"
 *       (Debian's gpioinfo 1.6 uses the v1 ioctl, which has no debounce.)
 *   swivel-guest quad SIMCHIPDIR A B EDGES [GAP_US]
 *       walks an incremental encoder on gpio-sim lines A and B through
 *       |EDGES| Gray-code edges (forwards when EDGES > 0: 00 10 11 01),
 *       writing each line's sysfs `pull`, GAP_US microseconds apart
 *       (default 200). Starts from the lines' present levels.
 *   swivel-guest pulse SIMCHIPDIR LINE LEVEL HOLD_US
 *       drives LINE to LEVEL (0/1) for HOLD_US, then back: a button press
 *       (LEVEL 0 on a pulled-up button) or a glitch.
 *
 * No libgpiod: the raw uAPI from <linux/gpio.h>, so a libgpiod bug cannot
 * hide itself from the checks.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static int usage(void)
{
	fprintf(stderr, "usage: swivel-guest lineinfo CHIPDEV | quad SIMDIR A B EDGES [GAP_US] | "
			"pulse SIMDIR LINE LEVEL HOLD_US\n");
	return 64;
}

static void sleep_us(long us)
{
	struct timespec t = { .tv_sec = us / 1000000, .tv_nsec = (us % 1000000) * 1000 };

	while (nanosleep(&t, &t) != 0 && errno == EINTR) {
	}
}

static int lineinfo(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct gpiochip_info chip;

	if (fd < 0 || ioctl(fd, GPIO_GET_CHIPINFO_IOCTL, &chip) != 0) {
		fprintf(stderr, "swivel-guest: %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("chip %s label=%s lines=%u\n", chip.name, chip.label, chip.lines);
	for (unsigned int offset = 0; offset < chip.lines; offset++) {
		struct gpio_v2_line_info info;
		unsigned long long f;
		unsigned int debounce = 0;

		memset(&info, 0, sizeof(info));
		info.offset = offset;
		if (ioctl(fd, GPIO_V2_GET_LINEINFO_IOCTL, &info) != 0) {
			fprintf(stderr, "swivel-guest: line %u: %s\n", offset, strerror(errno));
			return 1;
		}
		f = info.flags;
		for (unsigned int i = 0; i < info.num_attrs; i++)
			if (info.attrs[i].id == GPIO_V2_LINE_ATTR_ID_DEBOUNCE)
				debounce = info.attrs[i].debounce_period_us;
		printf("%u consumer=%s used=%d dir=%s bias=%s edge=%s active=%s debounce_us=%u\n", offset,
		       info.consumer[0] ? info.consumer : "-", (f & GPIO_V2_LINE_FLAG_USED) != 0,
		       (f & GPIO_V2_LINE_FLAG_OUTPUT) ? "out" : "in",
		       (f & GPIO_V2_LINE_FLAG_BIAS_PULL_UP)	  ? "pull-up"
		       : (f & GPIO_V2_LINE_FLAG_BIAS_PULL_DOWN) ? "pull-down"
		       : (f & GPIO_V2_LINE_FLAG_BIAS_DISABLED)  ? "disabled"
								: "as-is",
		       (f & GPIO_V2_LINE_FLAG_EDGE_RISING) && (f & GPIO_V2_LINE_FLAG_EDGE_FALLING) ? "both"
		       : (f & GPIO_V2_LINE_FLAG_EDGE_RISING)					   ? "rising"
		       : (f & GPIO_V2_LINE_FLAG_EDGE_FALLING)					   ? "falling"
												   : "none",
		       (f & GPIO_V2_LINE_FLAG_ACTIVE_LOW) ? "low" : "high", debounce);
	}
	close(fd);
	return 0;
}

/* One sysfs attribute of one gpio-sim line, kept open. */
static int open_attribute(const char *dir, const char *line, const char *name, int flags)
{
	char path[512];
	int fd;

	snprintf(path, sizeof(path), "%s/sim_gpio%s/%s", dir, line, name);
	fd = open(path, flags | O_CLOEXEC);
	if (fd < 0)
		fprintf(stderr, "swivel-guest: %s: %s\n", path, strerror(errno));
	return fd;
}

static int read_level(const char *dir, const char *line)
{
	char c = '0';
	int fd = open_attribute(dir, line, "value", O_RDONLY);

	if (fd < 0)
		return -1;
	if (read(fd, &c, 1) != 1)
		c = '?';
	close(fd);
	return c == '1' ? 1 : c == '0' ? 0 : -1;
}

static int write_pull(int fd, int level)
{
	const char *text = level ? "pull-up" : "pull-down";

	if (pwrite(fd, text, strlen(text), 0) < 0) {
		fprintf(stderr, "swivel-guest: writing %s: %s\n", text, strerror(errno));
		return -1;
	}
	return 0;
}

static int quad(const char *dir, const char *a_line, const char *b_line, long edges, long gap_us)
{
	/* Phase along the forward Gray sequence 00 -> 10 -> 11 -> 01. */
	static const int phase_a[4] = { 0, 1, 1, 0 };
	static const int phase_b[4] = { 0, 0, 1, 1 };
	int a = read_level(dir, a_line), b = read_level(dir, b_line);
	int fa = open_attribute(dir, a_line, "pull", O_WRONLY);
	int fb = open_attribute(dir, b_line, "pull", O_WRONLY);
	int phase;

	if (a < 0 || b < 0 || fa < 0 || fb < 0)
		return 1;
	phase = a ? (b ? 2 : 1) : (b ? 3 : 0);
	for (long i = 0; i < labs(edges); i++) {
		int next = (phase + (edges > 0 ? 1 : 3)) & 3;

		/* Exactly one of A and B changes per edge. */
		if (phase_a[next] != phase_a[phase]) {
			if (write_pull(fa, phase_a[next]) != 0)
				return 1;
		} else if (write_pull(fb, phase_b[next]) != 0) {
			return 1;
		}
		phase = next;
		sleep_us(gap_us);
	}
	return 0;
}

static long long now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

/* Prints "held_us MIN MAX": the level lasted at least MIN (from the end of the
 * first write to the start of the second) and at most MAX (start of the first
 * to the end of the second). Under TCG on a loaded host a 2 ms hold can last
 * far longer; a check of what a glitch does must know how long it really was. */
static int pulse(const char *dir, const char *line, int level, long hold_us)
{
	int fd = open_attribute(dir, line, "pull", O_WRONLY);
	long long before_first, after_first, before_second, after_second;

	if (fd < 0)
		return 1;
	before_first = now_us();
	if (write_pull(fd, level) != 0)
		return 1;
	after_first = now_us();
	sleep_us(hold_us);
	before_second = now_us();
	if (write_pull(fd, !level) != 0)
		return 1;
	after_second = now_us();
	printf("held_us %lld %lld\n", before_second - after_first, after_second - before_first);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "lineinfo") == 0)
		return lineinfo(argv[2]);
	if ((argc == 6 || argc == 7) && strcmp(argv[1], "quad") == 0)
		return quad(argv[2], argv[3], argv[4], strtol(argv[5], NULL, 10), argc == 7 ? strtol(argv[6], NULL, 10) : 200);
	if (argc == 6 && strcmp(argv[1], "pulse") == 0)
		return pulse(argv[2], argv[3], atoi(argv[4]), strtol(argv[5], NULL, 10));
	return usage();
}
