# The four coil lines of a unipolar stepper from the kernel's gpio_value trace
# (-v in1=G -v in2=G -v in3=G -v in4=G, global line numbers). Every write is
# followed: the pattern after it must be all off or one of the half-step
# sequence's 8 states (one coil, or two neighbours), and between two
# energised states the sequence index may move by one only. Prints
#   writes=N illegal=N jumps=N net=N min_state_us=N final=PATTERN
# net counts half-steps forward (IN1 -> IN1+IN2 -> IN2 ...), minus backward.
BEGIN {
    split("1 3 2 6 4 12 8 9", seq, " ")
    for (i = 1; i <= 8; i++) index_of[seq[i]] = i - 1
    bit[in1] = 1; bit[in2] = 2; bit[in3] = 4; bit[in4] = 8
    pattern = 0; last = -1; min_us = -1
}
/gpio_value:/ && $(NF-1) == "set" && ($(NF-2) in bit) {
    for (i = 1; i <= NF; i++) if ($i == "gpio_value:") { ts = $(i - 1); sub(/:$/, "", ts) }
    b = bit[$(NF-2)]
    on = (int(pattern / b) % 2 == 1)
    if ($NF == 1 && !on) pattern += b
    if ($NF == 0 && on) pattern -= b
    writes++
    if (pattern == 0) next
    if (!(pattern in index_of)) { illegal++; next }
    now = index_of[pattern]
    if (last >= 0 && now != last) {
        d = (now - last + 8) % 8
        if (d == 1) net++
        else if (d == 7) net--
        else jumps++
        if (last_ts != "") { us = (ts - last_ts) * 1e6; if (min_us < 0 || us < min_us) min_us = us }
        last_ts = ts
    }
    if (last < 0) last_ts = ts
    last = now
}
END { printf "writes=%d illegal=%d jumps=%d net=%d min_state_us=%d final=%d\n", writes, illegal, jumps, net, min_us, pattern }
