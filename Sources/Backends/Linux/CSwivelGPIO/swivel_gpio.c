/*
 * The only file that talks to libgpiod. Neither libgpiod header carries a
 * version macro; GPIOD_LINE_BULK_MAX_LINES exists only in 1.x (the bulk API was
 * removed in 2.0), so it selects the branch, as swupdate's ucfw_handler.c does.
 */
#ifdef __linux__

#include "swivel_gpio.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <gpiod.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef GPIOD_LINE_BULK_MAX_LINES
#define SWIVEL_GPIOD_V1 1
#else
#define SWIVEL_GPIOD_V1 0
#endif

/* The kernel's GPIO_MAX_NAME_SIZE is 32; room to spare costs nothing. */
#define SWIVEL_NAME_SIZE 64

static int negative_errno(void)
{
	return errno > 0 ? -errno : -EIO;
}

static int set_nonblocking(int fd)
{
	int flags = fcntl(fd, F_GETFL);

	if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return negative_errno();
	return 0;
}

static void copy_name(char *dst, const char *src)
{
	snprintf(dst, SWIVEL_NAME_SIZE, "%s", src ? src : "");
}

static int wait_fds(const int *fds, size_t count, int64_t timeout_ns)
{
	struct pollfd pfds[SWIVEL_GPIO_MAX_GROUP_LINES];
	int timeout_ms, ret;
	size_t i;

	if (count > SWIVEL_GPIO_MAX_GROUP_LINES)
		return -EINVAL;
	for (i = 0; i < count; i++) {
		pfds[i].fd = fds[i];
		pfds[i].events = POLLIN | POLLPRI;
		pfds[i].revents = 0;
	}
	if (timeout_ns <= 0)
		timeout_ms = 0;
	else if (timeout_ns >= (int64_t)1000000 * 0x7fffffff)
		timeout_ms = 0x7fffffff;
	else /* round up: never return before the caller's timeout */
		timeout_ms = (int)((timeout_ns + 999999) / 1000000);

	ret = poll(pfds, count, timeout_ms);
	if (ret < 0)
		return negative_errno();
	return ret > 0 ? 1 : 0;
}

static void note_returned(swivel_gpio_edge_stats *stats, uint64_t timestamp_ns)
{
	if (stats->has_last && timestamp_ns < stats->last_timestamp_ns)
		stats->misordered++;
	else
		stats->last_timestamp_ns = timestamp_ns;
	stats->has_last = 1;
}

static bool held_back(uint64_t timestamp_ns, uint64_t now_ns)
{
	return timestamp_ns > now_ns && timestamp_ns - now_ns < 1000000000ull;
}

size_t swivel_gpio_merge_edges(swivel_gpio_line_queue *queues, size_t queue_count,
			       uint64_t now_ns, swivel_gpio_edge_stats *stats,
			       swivel_gpio_edge *events, size_t capacity)
{
	size_t i, returned = 0;

	while (returned < capacity) {
		swivel_gpio_line_queue *earliest = NULL;
		const swivel_gpio_edge *edge;

		for (i = 0; i < queue_count; i++) {
			swivel_gpio_line_queue *queue = &queues[i];

			if (!queue->count)
				continue;
			edge = &queue->pending[queue->head];
			if (held_back(edge->timestamp_ns, now_ns))
				continue;
			if (!earliest || edge->timestamp_ns <
						 earliest->pending[earliest->head].timestamp_ns)
				earliest = queue;
		}
		if (!earliest)
			break;

		edge = &earliest->pending[earliest->head];
		earliest->head = (earliest->head + 1) % SWIVEL_GPIO_LINE_QUEUE_CAPACITY;
		earliest->count--;
		if (earliest->last_rising == edge->rising)
			stats->dropped++;
		earliest->last_rising = edge->rising;
		note_returned(stats, edge->timestamp_ns);
		events[returned++] = *edge;
	}
	return returned;
}

struct swivel_gpio_chip {
	struct gpiod_chip *chip;
	char name[SWIVEL_NAME_SIZE];
	char label[SWIVEL_NAME_SIZE];
	unsigned int num_lines;
};

const char *swivel_gpio_chip_name(const swivel_gpio_chip *chip)
{
	return chip->name;
}

const char *swivel_gpio_chip_label(const swivel_gpio_chip *chip)
{
	return chip->label;
}

unsigned int swivel_gpio_chip_num_lines(const swivel_gpio_chip *chip)
{
	return chip->num_lines;
}

static int check_group(const swivel_gpio_chip *chip, const unsigned int *offsets,
		       size_t count, int bias)
{
	size_t i, j;

	if (!offsets || count == 0 || count > SWIVEL_GPIO_MAX_GROUP_LINES)
		return -EINVAL;
	if (bias < SWIVEL_GPIO_BIAS_AS_IS || bias > SWIVEL_GPIO_BIAS_PULL_DOWN)
		return -EINVAL;
	for (i = 0; i < count; i++) {
		if (offsets[i] >= chip->num_lines)
			return -ERANGE;
		for (j = 0; j < i; j++)
			if (offsets[j] == offsets[i])
				return -EINVAL;
	}
	return 0;
}

#if SWIVEL_GPIOD_V1
/* ------------------------------------------------------------------------
 * libgpiod 1.x: lines live inside the chip; one event fd per line.
 * ------------------------------------------------------------------------ */

/* libgpiod 1.x reads at most 16 events per call: the v1 kernel FIFO size. */
#define SWIVEL_V1_LINE_FIFO 16

int swivel_gpio_api_version(void)
{
	return 1;
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int wrap_chip(struct gpiod_chip *raw, swivel_gpio_chip **out)
{
	swivel_gpio_chip *chip;

	if (!raw)
		return negative_errno();
	chip = calloc(1, sizeof(*chip));
	if (!chip) {
		gpiod_chip_close(raw);
		return -ENOMEM;
	}
	chip->chip = raw;
	copy_name(chip->name, gpiod_chip_name(raw));
	copy_name(chip->label, gpiod_chip_label(raw));
	chip->num_lines = gpiod_chip_num_lines(raw);
	*out = chip;
	return 0;
}

int swivel_gpio_chip_open_path(const char *path, swivel_gpio_chip **out)
{
	if (!path || !out)
		return -EINVAL;
	return wrap_chip(gpiod_chip_open(path), out);
}

int swivel_gpio_chip_open_label(const char *label, swivel_gpio_chip **out)
{
	if (!label || !out)
		return -EINVAL;
	/* Fails with the first chip that cannot be opened (EACCES), else ENOENT. */
	return wrap_chip(gpiod_chip_open_by_label(label), out);
}

void swivel_gpio_chip_close(swivel_gpio_chip *chip)
{
	if (!chip)
		return;
	gpiod_chip_close(chip->chip);
	free(chip);
}

int swivel_gpio_line_consumer(swivel_gpio_chip *chip, unsigned int offset,
			      char *consumer, size_t consumer_size)
{
	struct gpiod_line *line;
	const char *name;

	if (!chip || (!consumer && consumer_size))
		return -EINVAL;
	if (offset >= chip->num_lines)
		return -ERANGE;
	/* Refreshes the line's info from the kernel (GPIO_GET_LINEINFO_IOCTL). */
	line = gpiod_chip_get_line(chip->chip, offset);
	if (!line)
		return negative_errno();
	name = gpiod_line_consumer(line);
	if (consumer_size)
		snprintf(consumer, consumer_size, "%s", name ? name : "");
	return gpiod_line_is_used(line) ? 1 : 0;
}

struct swivel_gpio_output {
	struct gpiod_line *line;
};

int swivel_gpio_output_request(swivel_gpio_chip *chip, unsigned int offset,
			       int value, const char *consumer,
			       swivel_gpio_output **out)
{
	struct gpiod_line *line;
	swivel_gpio_output *output;

	if (!chip || !out)
		return -EINVAL;
	if (offset >= chip->num_lines)
		return -ERANGE;
	line = gpiod_chip_get_line(chip->chip, offset);
	if (!line)
		return negative_errno();
	output = calloc(1, sizeof(*output));
	if (!output)
		return -ENOMEM;
	if (gpiod_line_request_output(line, consumer, value ? 1 : 0) < 0) {
		int err = negative_errno();

		free(output);
		return err;
	}
	output->line = line;
	*out = output;
	return 0;
}

int swivel_gpio_output_set(swivel_gpio_output *output, int value)
{
	if (gpiod_line_set_value(output->line, value ? 1 : 0) < 0)
		return negative_errno();
	return 0;
}

void swivel_gpio_output_release(swivel_gpio_output *output)
{
	if (!output)
		return;
	gpiod_line_release(output->line);
	free(output);
}

struct swivel_gpio_inputs {
	swivel_gpio_edge_stats stats;
	size_t count;
	struct gpiod_line *lines[SWIVEL_GPIO_MAX_GROUP_LINES];
	int fds[SWIVEL_GPIO_MAX_GROUP_LINES];
	swivel_gpio_line_queue queues[SWIVEL_GPIO_MAX_GROUP_LINES];
};

int swivel_gpio_inputs_request(swivel_gpio_chip *chip,
			       const unsigned int *offsets, size_t count,
			       int bias, const char *consumer,
			       size_t kernel_event_capacity,
			       uint32_t debounce_us,
			       swivel_gpio_inputs **out)
{
	struct gpiod_line_bulk bulk;
	swivel_gpio_inputs *inputs;
	int flags = 0, ret;
	size_t i;

	(void)kernel_event_capacity;
	/* libgpiod 1.x has no debounce; swivel_gpio_has_kernel_debounce() says so. */
	(void)debounce_us;
	if (!chip || !out)
		return -EINVAL;
	ret = check_group(chip, offsets, count, bias);
	if (ret)
		return ret;
	switch (bias) {
	case SWIVEL_GPIO_BIAS_DISABLED:
		flags = GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE;
		break;
	case SWIVEL_GPIO_BIAS_PULL_UP:
		flags = GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP;
		break;
	case SWIVEL_GPIO_BIAS_PULL_DOWN:
		flags = GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN;
		break;
	default:
		break;
	}

	inputs = calloc(1, sizeof(*inputs));
	if (!inputs)
		return -ENOMEM;
	gpiod_line_bulk_init(&bulk);
	for (i = 0; i < count; i++) {
		struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offsets[i]);

		if (!line) {
			ret = negative_errno();
			free(inputs);
			return ret;
		}
		gpiod_line_bulk_add(&bulk, line);
		inputs->lines[i] = line;
		inputs->queues[i].last_rising = -1;
	}
	/* Requests the lines one by one and releases them all if one fails. */
	if (gpiod_line_request_bulk_both_edges_events_flags(&bulk, consumer, flags) < 0) {
		ret = negative_errno();
		free(inputs);
		return ret;
	}
	inputs->count = count;
	for (i = 0; i < count; i++) {
		int fd = gpiod_line_event_get_fd(inputs->lines[i]);

		ret = fd < 0 ? negative_errno() : set_nonblocking(fd);
		if (ret) {
			gpiod_line_release_bulk(&bulk);
			free(inputs);
			return ret;
		}
		inputs->fds[i] = fd;
	}
	*out = inputs;
	return 0;
}

int swivel_gpio_inputs_get_value(swivel_gpio_inputs *inputs, unsigned int offset)
{
	size_t i;
	int value;

	for (i = 0; i < inputs->count; i++) {
		if (gpiod_line_offset(inputs->lines[i]) != offset)
			continue;
		value = gpiod_line_get_value(inputs->lines[i]);
		return value < 0 ? negative_errno() : value;
	}
	return -EINVAL;
}

int swivel_gpio_inputs_wait(swivel_gpio_inputs *inputs, int64_t timeout_ns)
{
	size_t i;

	for (i = 0; i < inputs->count; i++)
		if (inputs->queues[i].count)
			return 1;
	return wait_fds(inputs->fds, inputs->count, timeout_ns);
}

/* Moves what the kernel holds for one line into its queue. */
static int v1_fill(swivel_gpio_line_queue *queue, int fd, unsigned int offset)
{
	struct gpiod_line_event events[SWIVEL_GPIO_LINE_QUEUE_CAPACITY];
	unsigned int room = SWIVEL_GPIO_LINE_QUEUE_CAPACITY - queue->count;
	int got, i;

	if (room == 0)
		return 0;
	got = gpiod_line_event_read_fd_multiple(fd, events, room);
	if (got < 0)
		return errno == EAGAIN ? 0 : negative_errno();
	for (i = 0; i < got; i++) {
		swivel_gpio_edge *slot = &queue->pending[(queue->head + queue->count) %
							 SWIVEL_GPIO_LINE_QUEUE_CAPACITY];

		slot->timestamp_ns = (uint64_t)events[i].ts.tv_sec * 1000000000ull +
				     (uint64_t)events[i].ts.tv_nsec;
		slot->global_seqno = 0;
		slot->line_seqno = 0;
		slot->offset = offset;
		slot->rising = events[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
		queue->count++;
	}
	return 0;
}

long swivel_gpio_inputs_read_events(swivel_gpio_inputs *inputs,
				    swivel_gpio_edge *events, size_t capacity)
{
	/* Sampled before reading: see swivel_gpio_merge_edges. */
	uint64_t now_ns = monotonic_ns();
	size_t i, returned;
	int error = 0, ret;

	for (i = 0; i < inputs->count; i++) {
		ret = v1_fill(&inputs->queues[i], inputs->fds[i],
			      gpiod_line_offset(inputs->lines[i]));
		if (ret && !error)
			error = ret;
	}
	returned = swivel_gpio_merge_edges(inputs->queues, inputs->count, now_ns,
					   &inputs->stats, events, capacity);
	if (returned == 0 && error)
		return error;
	return (long)returned;
}

void swivel_gpio_inputs_release(swivel_gpio_inputs *inputs)
{
	size_t i;

	if (!inputs)
		return;
	for (i = 0; i < inputs->count; i++)
		gpiod_line_release(inputs->lines[i]);
	free(inputs);
}

#else
/* ------------------------------------------------------------------------
 * libgpiod 2.x: a request owns its lines and one event FIFO for all of them.
 * ------------------------------------------------------------------------ */

/* libgpiod 2.x's buffer is cleared on every read, so keep it small. */
#define SWIVEL_V2_READ_CHUNK 64

int swivel_gpio_api_version(void)
{
	return 2;
}

int swivel_gpio_chip_open_path(const char *path, swivel_gpio_chip **out)
{
	struct gpiod_chip_info *info;
	swivel_gpio_chip *chip;
	struct gpiod_chip *raw;
	int ret;

	if (!path || !out)
		return -EINVAL;
	raw = gpiod_chip_open(path);
	if (!raw)
		return negative_errno();
	info = gpiod_chip_get_info(raw);
	if (!info) {
		ret = negative_errno();
		gpiod_chip_close(raw);
		return ret;
	}
	chip = calloc(1, sizeof(*chip));
	if (!chip) {
		gpiod_chip_info_free(info);
		gpiod_chip_close(raw);
		return -ENOMEM;
	}
	chip->chip = raw;
	copy_name(chip->name, gpiod_chip_info_get_name(info));
	copy_name(chip->label, gpiod_chip_info_get_label(info));
	chip->num_lines = (unsigned int)gpiod_chip_info_get_num_lines(info);
	gpiod_chip_info_free(info);
	*out = chip;
	return 0;
}

static int gpiochip_entry(const struct dirent *entry)
{
	return strncmp(entry->d_name, "gpiochip", 8) == 0;
}

int swivel_gpio_chip_open_label(const char *label, swivel_gpio_chip **out)
{
	struct dirent **entries;
	char path[sizeof("/dev/") + sizeof(((struct dirent *)0)->d_name)];
	int count, i, ret, denied = 0;
	swivel_gpio_chip *chip = NULL;

	if (!label || !out)
		return -EINVAL;
	/* 2.x dropped gpiod_chip_open_by_label: scan like 1.x's iterator did. */
	count = scandir("/dev", &entries, gpiochip_entry, alphasort);
	if (count < 0)
		return negative_errno();
	for (i = 0; i < count; i++) {
		if (!chip) {
			snprintf(path, sizeof(path), "/dev/%s", entries[i]->d_name);
			ret = swivel_gpio_chip_open_path(path, &chip);
			if (ret == -EACCES || ret == -EPERM) {
				denied = ret;
			} else if (ret == 0 && strcmp(chip->label, label) != 0) {
				swivel_gpio_chip_close(chip);
				chip = NULL;
			}
		}
		free(entries[i]);
	}
	free(entries);
	if (!chip)
		return denied ? denied : -ENOENT;
	*out = chip;
	return 0;
}

void swivel_gpio_chip_close(swivel_gpio_chip *chip)
{
	if (!chip)
		return;
	gpiod_chip_close(chip->chip);
	free(chip);
}

int swivel_gpio_line_consumer(swivel_gpio_chip *chip, unsigned int offset,
			      char *consumer, size_t consumer_size)
{
	struct gpiod_line_info *info;
	const char *name;
	int used;

	if (!chip || (!consumer && consumer_size))
		return -EINVAL;
	if (offset >= chip->num_lines)
		return -ERANGE;
	info = gpiod_chip_get_line_info(chip->chip, offset);
	if (!info)
		return negative_errno();
	name = gpiod_line_info_get_consumer(info);
	if (consumer_size)
		snprintf(consumer, consumer_size, "%s", name ? name : "");
	used = gpiod_line_info_is_used(info) ? 1 : 0;
	gpiod_line_info_free(info);
	return used;
}

/* Builds the configs, requests the lines, and frees the configs. */
static int v2_request(swivel_gpio_chip *chip, const unsigned int *offsets,
		      size_t count, struct gpiod_line_settings *settings,
		      const char *consumer, size_t kernel_event_capacity,
		      struct gpiod_line_request **out)
{
	struct gpiod_request_config *request_config = NULL;
	struct gpiod_line_config *line_config = NULL;
	int ret = 0;

	line_config = gpiod_line_config_new();
	request_config = gpiod_request_config_new();
	if (!line_config || !request_config) {
		ret = -ENOMEM;
		goto out;
	}
	if (gpiod_line_config_add_line_settings(line_config, offsets, count, settings) < 0) {
		ret = negative_errno();
		goto out;
	}
	if (consumer)
		gpiod_request_config_set_consumer(request_config, consumer);
	gpiod_request_config_set_event_buffer_size(request_config, kernel_event_capacity);
	*out = gpiod_chip_request_lines(chip->chip, request_config, line_config);
	if (!*out)
		ret = negative_errno();
out:
	/* libgpiod 2.0's free functions do not all accept NULL. */
	if (request_config)
		gpiod_request_config_free(request_config);
	if (line_config)
		gpiod_line_config_free(line_config);
	return ret;
}

struct swivel_gpio_output {
	struct gpiod_line_request *request;
	unsigned int offset;
};

int swivel_gpio_output_request(swivel_gpio_chip *chip, unsigned int offset,
			       int value, const char *consumer,
			       swivel_gpio_output **out)
{
	struct gpiod_line_settings *settings;
	struct gpiod_line_request *request = NULL;
	swivel_gpio_output *output;
	int ret;

	if (!chip || !out)
		return -EINVAL;
	if (offset >= chip->num_lines)
		return -ERANGE;
	settings = gpiod_line_settings_new();
	if (!settings)
		return -ENOMEM;
	if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) < 0 ||
	    gpiod_line_settings_set_output_value(settings, value ? GPIOD_LINE_VALUE_ACTIVE
							      : GPIOD_LINE_VALUE_INACTIVE) < 0) {
		ret = negative_errno();
		gpiod_line_settings_free(settings);
		return ret;
	}
	ret = v2_request(chip, &offset, 1, settings, consumer, 0, &request);
	gpiod_line_settings_free(settings);
	if (ret)
		return ret;
	output = calloc(1, sizeof(*output));
	if (!output) {
		gpiod_line_request_release(request);
		return -ENOMEM;
	}
	output->request = request;
	output->offset = offset;
	*out = output;
	return 0;
}

int swivel_gpio_output_set(swivel_gpio_output *output, int value)
{
	if (gpiod_line_request_set_value(output->request, output->offset,
					 value ? GPIOD_LINE_VALUE_ACTIVE
					       : GPIOD_LINE_VALUE_INACTIVE) < 0)
		return negative_errno();
	return 0;
}

void swivel_gpio_output_release(swivel_gpio_output *output)
{
	if (!output)
		return;
	gpiod_line_request_release(output->request);
	free(output);
}

struct swivel_gpio_inputs {
	swivel_gpio_edge_stats stats;
	struct gpiod_line_request *request;
	struct gpiod_edge_event_buffer *buffer;
	int fd;
	size_t count;
	unsigned int offsets[SWIVEL_GPIO_MAX_GROUP_LINES];
	uint64_t last_global_seqno;
};

int swivel_gpio_inputs_request(swivel_gpio_chip *chip,
			       const unsigned int *offsets, size_t count,
			       int bias, const char *consumer,
			       size_t kernel_event_capacity,
			       uint32_t debounce_us,
			       swivel_gpio_inputs **out)
{
	static const enum gpiod_line_bias biases[] = {
		[SWIVEL_GPIO_BIAS_AS_IS] = GPIOD_LINE_BIAS_AS_IS,
		[SWIVEL_GPIO_BIAS_DISABLED] = GPIOD_LINE_BIAS_DISABLED,
		[SWIVEL_GPIO_BIAS_PULL_UP] = GPIOD_LINE_BIAS_PULL_UP,
		[SWIVEL_GPIO_BIAS_PULL_DOWN] = GPIOD_LINE_BIAS_PULL_DOWN,
	};
	struct gpiod_line_settings *settings;
	swivel_gpio_inputs *inputs;
	int ret;

	if (!chip || !out)
		return -EINVAL;
	ret = check_group(chip, offsets, count, bias);
	if (ret)
		return ret;
	inputs = calloc(1, sizeof(*inputs));
	settings = gpiod_line_settings_new();
	if (!inputs || !settings) {
		ret = -ENOMEM;
		goto fail;
	}
	if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) < 0 ||
	    gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) < 0 ||
	    gpiod_line_settings_set_bias(settings, biases[bias]) < 0 ||
	    gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC) < 0) {
		ret = negative_errno();
		goto fail;
	}
	/* The kernel holds back an edge until the level has been stable this long. */
	if (debounce_us)
		gpiod_line_settings_set_debounce_period_us(settings, debounce_us);
	ret = v2_request(chip, offsets, count, settings, consumer,
			 kernel_event_capacity, &inputs->request);
	if (ret)
		goto fail;
	inputs->buffer = gpiod_edge_event_buffer_new(SWIVEL_V2_READ_CHUNK);
	if (!inputs->buffer) {
		ret = -ENOMEM;
		goto fail;
	}
	inputs->fd = gpiod_line_request_get_fd(inputs->request);
	ret = set_nonblocking(inputs->fd);
	if (ret)
		goto fail;
	inputs->count = count;
	memcpy(inputs->offsets, offsets, count * sizeof(*offsets));
	gpiod_line_settings_free(settings);
	*out = inputs;
	return 0;

fail:
	if (settings)
		gpiod_line_settings_free(settings);
	if (inputs) {
		if (inputs->buffer)
			gpiod_edge_event_buffer_free(inputs->buffer);
		if (inputs->request)
			gpiod_line_request_release(inputs->request);
		free(inputs);
	}
	return ret;
}

int swivel_gpio_inputs_get_value(swivel_gpio_inputs *inputs, unsigned int offset)
{
	enum gpiod_line_value value;
	size_t i;

	for (i = 0; i < inputs->count; i++) {
		if (inputs->offsets[i] != offset)
			continue;
		value = gpiod_line_request_get_value(inputs->request, offset);
		if (value == GPIOD_LINE_VALUE_ERROR)
			return negative_errno();
		return value == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
	}
	return -EINVAL;
}

int swivel_gpio_inputs_wait(swivel_gpio_inputs *inputs, int64_t timeout_ns)
{
	return wait_fds(&inputs->fd, 1, timeout_ns);
}

long swivel_gpio_inputs_read_events(swivel_gpio_inputs *inputs,
				    swivel_gpio_edge *events, size_t capacity)
{
	size_t returned = 0;

	while (returned < capacity) {
		size_t chunk = capacity - returned;
		int got, i;

		if (chunk > SWIVEL_V2_READ_CHUNK)
			chunk = SWIVEL_V2_READ_CHUNK;
		got = gpiod_line_request_read_edge_events(inputs->request,
							  inputs->buffer, chunk);
		if (got < 0) {
			if (errno == EAGAIN)
				break;
			return returned ? (long)returned : negative_errno();
		}
		for (i = 0; i < got; i++) {
			struct gpiod_edge_event *event =
				gpiod_edge_event_buffer_get_event(inputs->buffer, i);
			swivel_gpio_edge *edge = &events[returned++];

			edge->timestamp_ns = gpiod_edge_event_get_timestamp_ns(event);
			edge->global_seqno = gpiod_edge_event_get_global_seqno(event);
			edge->line_seqno = gpiod_edge_event_get_line_seqno(event);
			edge->offset = gpiod_edge_event_get_line_offset(event);
			edge->rising = gpiod_edge_event_get_event_type(event) ==
				       GPIOD_EDGE_EVENT_RISING_EDGE;
			/* The kernel numbers a request's events from 1 and drops the
			 * oldest when its FIFO is full: a gap is a count of lost edges. */
			if (edge->global_seqno > inputs->last_global_seqno + 1)
				inputs->stats.dropped +=
					edge->global_seqno - inputs->last_global_seqno - 1;
			if (edge->global_seqno > inputs->last_global_seqno)
				inputs->last_global_seqno = edge->global_seqno;
			note_returned(&inputs->stats, edge->timestamp_ns);
		}
		if ((size_t)got < chunk)
			break;
	}
	return (long)returned;
}

void swivel_gpio_inputs_release(swivel_gpio_inputs *inputs)
{
	if (!inputs)
		return;
	gpiod_edge_event_buffer_free(inputs->buffer);
	gpiod_line_request_release(inputs->request);
	free(inputs);
}

#endif /* SWIVEL_GPIOD_V1 */

uint64_t swivel_gpio_inputs_dropped(const swivel_gpio_inputs *inputs)
{
	return inputs->stats.dropped;
}

uint64_t swivel_gpio_inputs_misordered(const swivel_gpio_inputs *inputs)
{
	return inputs->stats.misordered;
}

#else
/* ISO C wants a declaration in every translation unit; other systems get no GPIO. */
typedef int swivel_gpio_unavailable_on_this_system;
#endif /* __linux__ */
