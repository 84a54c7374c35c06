# Reads an ftrace text dump of gpio_value events and reports one stepper's
# STEP/DIR/EN traffic, as a logic analyser on those three lines would:
#   rises=N forward=N backward=N min_high_us=N min_low_us=N min_dir_setup_us=N
#   en_at_first_rise=0|1 writes_after_last_en=N
# Variables: step, dir, en (global GPIO numbers), and optionally en_level,
# dir_level: the lines' levels when the trace began. "forward" counts rising
# edges with DIR high. Widths are between the kernel's timestamps of the
# writes (µs resolution: a true width ≥ W µs never reads below W).
BEGIN { if (en_level != "") { env = en_level; en_seen = 1 }; if (dir_level != "") dirv = dir_level }
/gpio_value:/ && $(NF-1) == "set" {
    for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) ts = substr($i, 1, length($i) - 1)
    t = int(ts * 1000000 + 0.5)  # (not split on "."; busybox awk reads "003286" as octal)
    gpio = $(NF-2); val = $NF
    if (gpio == dir) { if (val != dirv) dirt = t; dirv = val; dir_seen = 1 }
    if (gpio == en) { env = val; en_seen = 1; en_t = t; after_en = 0 }
    if (gpio == step) {
        if (val == 1 && last == 0) {
            rises++
            if (dirv == 1) forward++; else backward++
            if (rises == 1) en_first = en_seen ? env : "none"
            if (low_from != "") { w = t - low_from; if (min_low == "" || w < min_low) min_low = w }
            high_from = t
            if (dir_seen) { s = t - dirt; if (min_setup == "" || s < min_setup) min_setup = s }
        }
        if (val == 0 && last == 1) { w = t - high_from; if (min_high == "" || w < min_high) min_high = w; low_from = t }
        last = val
        if (en_seen) after_en++
    }
}
END {
    printf "rises=%d forward=%d backward=%d min_high_us=%s min_low_us=%s min_dir_setup_us=%s en_at_first_rise=%s writes_after_last_en=%d\n",
        rises, forward, backward, min_high == "" ? "-" : min_high, min_low == "" ? "-" : min_low,
        min_setup == "" ? "-" : min_setup, en_first == "" ? "-" : en_first, after_en
}
