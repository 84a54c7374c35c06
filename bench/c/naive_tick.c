/*
 * The naive C baseline for Swivel's tick and step planning: what a plain C
 * firmware would do, written without cleverness, to put the Swift figures in
 * proportion on a noisy machine (swivel-bench prints Swift / this).
 *
 * --mode control  per axis, a proportional position controller toward a setpoint
 *                 that jumps between poses every 1.5 s, with velocity and
 *                 acceleration clamps and a position clamp to the range: the
 *                 counterpart of MotionController.tick.
 * --mode full     control, then the axis's output for the coming period: for a
 *                 stepper, the linear step-time computation (each microstep at
 *                 the instant the straight line from the previous position
 *                 crosses its midpoint, spaced by the minimum step interval);
 *                 for a servo, a linear pulse-width map: the counterpart of
 *                 Stand.tick without the line writes.
 * --mode steps    only the linear step-time computation, on long runs at a high
 *                 step rate: the counterpart of StepPlanner.plan (planned in
 *                 microsteps directly; the Swift planner multiplies radians by
 *                 microsteps per radian first, two multiplications per segment).
 *
 * Usage:
 *   naive_tick --mode control|full --ticks N --period-ns P --axis SPEC [--axis SPEC ...]
 *     SPEC = maxSpeed,maxAccel,min,max,microstepsPerRad,maxStepRateHz   (min/max
 *            "none" on a continuous axis; microstepsPerRad 0 marks a servo)
 *   naive_tick --mode steps --steps N --segment-steps K --rate HZ
 * Prints one line on stdout, e.g.
 *   naive_tick mode=full axes=3 ticks=200000 ns_per_tick=85.3 steps=123456 checksum=...
 *   naive_tick mode=steps steps=4000000 ns_per_step=3.1 steps_per_s=322580645 checksum=...
 * Build: clang -O2 -o bench/out/naive_tick bench/c/naive_tick.c   (no libm needed)
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_AXES 3
#define PLAN_CAPACITY 4096
#define KP_PER_SECOND 8.0
#define POSE_TICKS 1500

struct axis {
    double max_speed, max_accel, lo, hi, microsteps_per_rad;
    int64_t min_step_interval_ns;
    int has_range;
    double position, velocity, previous_position;
    int64_t microsteps, last_step_ns;
};

static int64_t plan[PLAN_CAPACITY];
/* Keeps the optimiser from discarding work whose result nobody reads. */
static volatile int64_t sink;

static int64_t
now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static double
clamp(double x, double lo, double hi)
{
    return x < lo ? lo : (x > hi ? hi : x);
}

static int64_t
round_to_int64(double x)
{
    return x >= 0 ? (int64_t)(x + 0.5) : -(int64_t)(-x + 0.5);
}

static int64_t
nearest_microstep(double position)
{
    double shifted = position + 0.5;
    int64_t whole = (int64_t)shifted;
    return (double)whole > shifted ? whole - 1 : whole; /* floor */
}

/* Step instants for a straight line from `from_pos` to `to_pos` microsteps over
 * [start, end]; returns how many fitted. Steps that do not fit are carried. */
static int
plan_steps(int64_t *count, int64_t *last_step, double from_pos, double to_pos, int64_t start, int64_t end,
           int64_t min_interval)
{
    int64_t target = nearest_microstep(to_pos);
    int64_t position = *count;
    if (target == position)
        return 0;
    int64_t direction = target > position ? 1 : -1;
    double travel = to_pos - from_pos;
    double duration = (double)(end - start);
    int n = 0;
    while (position != target && n < PLAN_CAPACITY) {
        double threshold = (double)position + 0.5 * (double)direction;
        int past = direction > 0 ? from_pos >= threshold : from_pos < threshold;
        int64_t ideal = past || travel == 0 ? start : start + round_to_int64(duration * (threshold - from_pos) / travel);
        if (ideal > end)
            ideal = end;
        int64_t earliest = *last_step + min_interval;
        int64_t instant = ideal > earliest ? ideal : earliest;
        if (instant > end)
            break;
        plan[n++] = instant;
        *last_step = instant;
        position += direction;
    }
    *count = position;
    return n;
}

static double
setpoint(const struct axis *a, int64_t tick)
{
    static const double fractions[] = { 0.8, -0.6, 0.3, -0.9, 0.0 };
    double f = fractions[(tick / POSE_TICKS) % 5];
    if (!a->has_range)
        return 2.5 * f;
    return f >= 0 ? f * a->hi : -f * a->lo;
}

static int64_t
run_ticks(struct axis *axes, int count, int64_t ticks, int64_t first_tick, int64_t period_ns, int full,
          int64_t *steps)
{
    double dt = (double)period_ns / 1e9;
    int64_t checksum = 0;
    for (int64_t i = first_tick; i < first_tick + ticks; i++) {
        int64_t start = (i + 1) * period_ns;
        int64_t end = start + period_ns;
        for (int k = 0; k < count; k++) {
            struct axis *a = &axes[k];
            double wanted = clamp(KP_PER_SECOND * (setpoint(a, i) - a->position), -a->max_speed, a->max_speed);
            double dv = a->max_accel * dt;
            a->velocity = clamp(wanted, a->velocity - dv, a->velocity + dv);
            a->previous_position = a->position;
            a->position += a->velocity * dt;
            if (a->has_range && (a->position < a->lo || a->position > a->hi)) {
                a->position = clamp(a->position, a->lo, a->hi);
                a->velocity = 0;
            }
            if (!full)
                continue;
            if (a->microsteps_per_rad > 0) {
                int n = plan_steps(&a->microsteps, &a->last_step_ns, a->previous_position * a->microsteps_per_rad,
                                   a->position * a->microsteps_per_rad, start, end, a->min_step_interval_ns);
                *steps += n;
                if (n > 0)
                    checksum += plan[n - 1];
            } else {
                /* A servo: 1000..2000 us over -0.785..+0.785 rad. */
                checksum += 1500000 + round_to_int64(a->position * (1000000.0 / 1.57));
            }
        }
        checksum += round_to_int64(axes[0].position * 1e6);
    }
    return checksum;
}

static int
usage(const char *reason)
{
    fprintf(stderr, "naive_tick: %s\n"
            "usage: naive_tick --mode control|full --ticks N --period-ns P --axis maxSpeed,maxAccel,min,max,microstepsPerRad,maxStepRateHz ...\n"
            "       naive_tick --mode steps --steps N --segment-steps K --rate HZ\n",
            reason);
    return 2;
}

static int
parse_double(const char *text, double *out)
{
    char *end;
    errno = 0;
    double value = strtod(text, &end);
    if (errno || end == text || *end || value != value)
        return -1;
    *out = value;
    return 0;
}

static int
parse_field(const char *text, size_t length, double *out, int *present)
{
    char buffer[64];
    if (length == 0 || length >= sizeof buffer)
        return -1;
    memcpy(buffer, text, length);
    buffer[length] = 0;
    if (!strcmp(buffer, "none")) {
        *present = 0;
        return 0;
    }
    *present = 1;
    return parse_double(buffer, out);
}

static int
parse_axis(const char *spec, struct axis *a)
{
    double values[6];
    int present[6];
    const char *cursor = spec;
    for (int i = 0; i < 6; i++) {
        const char *comma = strchr(cursor, ',');
        size_t length = comma ? (size_t)(comma - cursor) : strlen(cursor);
        if ((i < 5) != (comma != NULL) || parse_field(cursor, length, &values[i], &present[i]))
            return -1;
        cursor = comma ? comma + 1 : cursor + length;
    }
    if (!present[0] || !present[1] || !present[4] || !present[5] || present[2] != present[3])
        return -1;
    if (!(values[0] > 0 && values[1] > 0 && values[4] >= 0 && values[5] >= 1 && values[5] <= 1e8))
        return -1;
    if (present[2] && !(values[2] < values[3]))
        return -1;
    memset(a, 0, sizeof *a);
    a->max_speed = values[0];
    a->max_accel = values[1];
    a->has_range = present[2];
    a->lo = present[2] ? values[2] : 0;
    a->hi = present[3] ? values[3] : 0;
    a->microsteps_per_rad = values[4];
    a->min_step_interval_ns = (int64_t)(1e9 / values[5] + 0.999999);
    a->last_step_ns = INT64_MIN / 4;
    return 0;
}

static int
run_steps_mode(int64_t steps, int64_t segment_steps, double rate)
{
    /* Segments of `segment_steps` microsteps at 3/4 of the step-rate limit,
     * reversing every 50 segments, as the Swift side plans them. */
    int64_t min_interval = (int64_t)(1e9 / rate + 0.999999);
    double segment_ns = (double)segment_steps / (0.75 * rate) * 1e9;
    int64_t segments = steps / segment_steps;
    int64_t count = 0, last_step = INT64_MIN / 4, planned = 0, checksum = 0;
    double position = 0;
    int64_t start = 1000000000LL;
    int64_t began = now_ns();
    for (int64_t s = 0; s < segments; s++) {
        double direction = (s / 50) % 2 == 0 ? 1.0 : -1.0;
        double next = position + direction * (double)segment_steps;
        int64_t end = start + (int64_t)segment_ns;
        int n = plan_steps(&count, &last_step, position, next, start, end, min_interval);
        planned += n;
        if (n > 0)
            checksum += plan[n - 1];
        position = next;
        start = end;
    }
    int64_t elapsed = now_ns() - began;
    sink = checksum;
    double per_step = planned ? (double)elapsed / (double)planned : 0;
    printf("naive_tick mode=steps steps=%lld ns_per_step=%.3f steps_per_s=%.0f checksum=%lld\n", (long long)planned,
           per_step, per_step > 0 ? 1e9 / per_step : 0.0, (long long)checksum);
    return 0;
}

int
main(int argc, char **argv)
{
    const char *mode = NULL;
    int64_t ticks = 200000, period_ns = 1000000, steps = 4000000, segment_steps = 4000;
    double rate = 200000;
    struct axis axes[MAX_AXES];
    int axis_count = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (i + 1 >= argc)
            return usage("missing value after an option");
        const char *value = argv[++i];
        double number;
        if (!strcmp(arg, "--mode")) {
            mode = value;
        } else if (!strcmp(arg, "--axis")) {
            if (axis_count == MAX_AXES)
                return usage("at most 3 axes");
            if (parse_axis(value, &axes[axis_count]))
                return usage("--axis needs maxSpeed,maxAccel,min,max,microstepsPerRad,maxStepRateHz (min/max may be none)");
            axis_count++;
        } else if (!strcmp(arg, "--rate")) {
            if (parse_double(value, &number) || !(number >= 1 && number <= 1e8))
                return usage("--rate needs a step rate in 1...1e8 Hz");
            rate = number;
        } else if (!strcmp(arg, "--ticks") || !strcmp(arg, "--period-ns") || !strcmp(arg, "--steps")
                   || !strcmp(arg, "--segment-steps")) {
            if (parse_double(value, &number) || !(number >= 1 && number <= 1e12))
                return usage("counts and periods must be whole numbers in 1...1e12");
            int64_t *target = !strcmp(arg, "--ticks") ? &ticks
                            : !strcmp(arg, "--period-ns") ? &period_ns
                            : !strcmp(arg, "--steps") ? &steps : &segment_steps;
            *target = (int64_t)number;
        } else {
            return usage("unknown option");
        }
    }
    if (!mode)
        return usage("--mode is required");
    if (!strcmp(mode, "steps")) {
        if (segment_steps > PLAN_CAPACITY)
            return usage("--segment-steps must fit the 4096-step plan");
        return run_steps_mode(steps, segment_steps, rate);
    }
    int full = !strcmp(mode, "full");
    if (!full && strcmp(mode, "control"))
        return usage("--mode must be control, full or steps");
    if (axis_count == 0)
        return usage("at least one --axis");

    int64_t planned = 0;
    /* A short warm-up (caches, page faults), then the timed run continuing the same motion. */
    int64_t warmup = ticks / 20;
    int64_t checksum = run_ticks(axes, axis_count, warmup, 0, period_ns, full, &planned);
    planned = 0;
    int64_t began = now_ns();
    checksum += run_ticks(axes, axis_count, ticks, warmup, period_ns, full, &planned);
    int64_t elapsed = now_ns() - began;
    sink = checksum;
    printf("naive_tick mode=%s axes=%d ticks=%lld ns_per_tick=%.3f steps=%lld checksum=%lld\n", mode, axis_count,
           (long long)ticks, (double)elapsed / (double)ticks, (long long)planned, (long long)checksum);
    return 0;
}
