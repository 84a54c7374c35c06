#ifndef SWIVEL_GPIO_H
#define SWIVEL_GPIO_H

/*
 * One interface over libgpiod 1.6 (Debian 12, Raspberry Pi OS bookworm) and
 * libgpiod 2.x (Debian 13, trixie). The implementation picks the API at compile
 * time from the installed <gpiod.h>; callers never see the difference.
 *
 * Every function that can fail returns 0 (or a count) on success and -errno on
 * failure, so the caller can say exactly what went wrong.
 *
 * Ownership: release every output and every input group of a chip before
 * closing the chip (libgpiod 1.x keeps the line objects inside the chip).
 *
 * Threads: a handle is used by one thread at a time, but has no thread
 * affinity; an output may be requested on one thread and set from another.
 */

#ifdef __linux__

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct swivel_gpio_chip swivel_gpio_chip;
typedef struct swivel_gpio_output swivel_gpio_output;
typedef struct swivel_gpio_inputs swivel_gpio_inputs;

enum swivel_gpio_bias {
	SWIVEL_GPIO_BIAS_AS_IS = 0,
	SWIVEL_GPIO_BIAS_DISABLED = 1,
	SWIVEL_GPIO_BIAS_PULL_UP = 2,
	SWIVEL_GPIO_BIAS_PULL_DOWN = 3,
};

/* The most lines one input group may hold (the kernel's limit in both ABIs). */
#define SWIVEL_GPIO_MAX_GROUP_LINES 64

/* One edge, stamped by the kernel on CLOCK_MONOTONIC. */
typedef struct swivel_gpio_edge {
	uint64_t timestamp_ns;
	/* Sequence numbers from libgpiod 2.x; 0 where libgpiod 1.x has none. */
	uint64_t global_seqno;
	uint64_t line_seqno;
	uint32_t offset;
	int32_t rising;
} swivel_gpio_edge;

/*
 * Where libgpiod 1.x keeps one FIFO per line, the edges read from one line
 * and not yet handed out, oldest first, in a ring of 16 (the v1 kernel FIFO).
 */
#define SWIVEL_GPIO_LINE_QUEUE_CAPACITY 16

typedef struct swivel_gpio_line_queue {
	swivel_gpio_edge pending[SWIVEL_GPIO_LINE_QUEUE_CAPACITY];
	uint32_t head;
	uint32_t count;
	/* Direction of the last edge handed out: -1 before the first. */
	int32_t last_rising;
} swivel_gpio_line_queue;

/* What a group has handed out so far, for its loss and order counters. */
typedef struct swivel_gpio_edge_stats {
	uint64_t dropped;
	uint64_t misordered;
	uint64_t last_timestamp_ns;
	int32_t has_last;
} swivel_gpio_edge_stats;

/*
 * The libgpiod 1.x merge, pure so it can be tested without hardware: moves up
 * to `capacity` edges from the per-line `queues` into `events`, earliest
 * timestamp first, and returns how many. An edge stamped after `now_ns` stays
 * queued: a sibling on another line, stamped earlier, may not be in the
 * kernel's FIFO yet. (A stamp more than a second ahead means the kernel does
 * not stamp on CLOCK_MONOTONIC, as before Linux 5.7: then nothing is held.)
 * Counts in `stats` a line reporting the same direction twice (dropped) and
 * an edge earlier than one already handed out (misordered).
 */
size_t swivel_gpio_merge_edges(swivel_gpio_line_queue *queues, size_t queue_count,
			       uint64_t now_ns, swivel_gpio_edge_stats *stats,
			       swivel_gpio_edge *events, size_t capacity);

/* 1 or 2: the libgpiod API this file was compiled against. */
int swivel_gpio_api_version(void);

/* Opens /dev/gpiochipN (or any path to a GPIO character device). */
int swivel_gpio_chip_open_path(const char *path, swivel_gpio_chip **out);

/*
 * Opens the chip whose label is `label`, scanning /dev/gpiochip*.
 * -ENOENT: no chip has that label. -EACCES: a chip could not be opened and no
 * readable chip had the label.
 */
int swivel_gpio_chip_open_label(const char *label, swivel_gpio_chip **out);

void swivel_gpio_chip_close(swivel_gpio_chip *chip);

const char *swivel_gpio_chip_name(const swivel_gpio_chip *chip);
const char *swivel_gpio_chip_label(const swivel_gpio_chip *chip);
unsigned int swivel_gpio_chip_num_lines(const swivel_gpio_chip *chip);

/*
 * Asks the kernel who holds `offset`. Returns 1 if the line is in use (its
 * consumer, possibly empty, copied into `consumer`), 0 if free, -errno.
 */
int swivel_gpio_line_consumer(swivel_gpio_chip *chip, unsigned int offset,
			      char *consumer, size_t consumer_size);

/* Requests `offset` as an output that starts at `value` (0 or 1). -ERANGE: no such line. */
int swivel_gpio_output_request(swivel_gpio_chip *chip, unsigned int offset,
			       int value, const char *consumer,
			       swivel_gpio_output **out);

/* One ioctl, no allocation: safe on a real-time thread. */
int swivel_gpio_output_set(swivel_gpio_output *output, int value);

/* Releases the line; the pin then keeps or loses its level as the chip decides. */
void swivel_gpio_output_release(swivel_gpio_output *output);

/*
 * Requests `count` lines as inputs reporting both edges, as one group.
 * `debounce_us` (libgpiod 2.x only; 0: none) has the kernel hold back an edge
 * until the level has been stable that long: gpiolib emulates it where the
 * chip cannot. libgpiod 1.x ignores it: debounce in software there.
 * `kernel_event_capacity` sizes the kernel's event FIFO for the group
 * (libgpiod 2.x; the kernel caps it at 1024, 0 means its default of 16 per
 * line). libgpiod 1.x has a fixed FIFO of 16 events per line and ignores it.
 */
int swivel_gpio_inputs_request(swivel_gpio_chip *chip,
			       const unsigned int *offsets, size_t count,
			       int bias, const char *consumer,
			       size_t kernel_event_capacity,
			       uint32_t debounce_us,
			       swivel_gpio_inputs **out);

/* The current level of `offset` (0 or 1), or -errno (-EINVAL: not in the group). */
int swivel_gpio_inputs_get_value(swivel_gpio_inputs *inputs,
				 unsigned int offset);

/*
 * Waits up to `timeout_ns` (0: just look) for an edge. 1: events pending,
 * 0: none, -errno. For threads that may block; the tick uses read_events only.
 */
int swivel_gpio_inputs_wait(swivel_gpio_inputs *inputs, int64_t timeout_ns);

/*
 * Moves up to `capacity` pending edges of all lines of the group into
 * `events`, oldest first, and returns how many (0 when none), or -errno.
 * Never blocks and never allocates.
 */
long swivel_gpio_inputs_read_events(swivel_gpio_inputs *inputs,
				    swivel_gpio_edge *events, size_t capacity);

/*
 * Edges known to be lost. libgpiod 2.x: gaps in the kernel's sequence
 * numbers (the FIFO overflowed). libgpiod 1.x has no sequence numbers: a line
 * that reports the same direction twice in a row changed at least twice in
 * between, which is counted once; an even number of lost edges on a line is
 * invisible.
 */
uint64_t swivel_gpio_inputs_dropped(const swivel_gpio_inputs *inputs);

/*
 * Edges returned with a timestamp earlier than an edge already returned.
 * libgpiod 1.x reads one FIFO per line and merges them by timestamp, holding
 * back edges stamped after the read began; an edge the kernel queued late can
 * still come out after a later edge of another line. Expected 0 on 2.x.
 */
uint64_t swivel_gpio_inputs_misordered(const swivel_gpio_inputs *inputs);

void swivel_gpio_inputs_release(swivel_gpio_inputs *inputs);

#ifdef __cplusplus
}
#endif

#endif /* __linux__ */

#endif /* SWIVEL_GPIO_H */
