# Prints, for one line (global number `line`) of an ftrace gpio_value dump,
# "high W" for every complete high pulse and "period P" between successive
# rising edges, both in µs: for medians taken with sort.
/gpio_value:/ && $(NF-1) == "set" && $(NF-2) == line {
    for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) ts = substr($i, 1, length($i) - 1)
    t = int(ts * 1000000 + 0.5)  # (not split on "."; busybox awk reads "003286" as octal)
    if ($NF == 1 && last == 0) { if (rise != "") print "period", t - rise; rise = t }
    if ($NF == 0 && last == 1 && rise != "") print "high", t - rise
    last = $NF
}
