package import SwivelHardware

package func ns(_ value: Int64) -> MonotonicInstant { MonotonicInstant(nanoseconds: value) }

/// The rising edges logged on `line`, oldest first.
package func risingEdges(_ chip: InMemoryGPIOChip, line: Int) -> [LineTransition] {
    chip.transitions(onLine: line).filter(\.high)
}

/// Pulse widths on `line`: each rising edge paired with the falling edge after it.
package func pulseWidths(_ chip: InMemoryGPIOChip, line: Int) -> [Int64] {
    let log = chip.transitions(onLine: line)
    var widths: [Int64] = []
    for index in log.indices.dropLast() where log[index].high && !log[index + 1].high {
        widths.append(log[index + 1].instant.nanoseconds(since: log[index].instant))
    }
    return widths
}

/// How long `line` was really high for each pulse: from the write of each
/// rising edge to the write of the falling edge after it.
package func writtenPulseWidths(_ chip: InMemoryGPIOChip, line: Int) -> [Int64] {
    let log = chip.transitions(onLine: line)
    var widths: [Int64] = []
    for index in log.indices.dropLast() where log[index].high && !log[index + 1].high {
        widths.append(log[index + 1].writtenAt.nanoseconds(since: log[index].writtenAt))
    }
    return widths
}
