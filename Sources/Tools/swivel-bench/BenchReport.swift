import SwivelRuntime

/// What a benchmark prints: a header, a table and notes.
struct BenchReport {
    var header: [String]
    var table: ResultTable
    var notes: [String] = []

    func render() -> String {
        (header + [table.render()] + notes).joined(separator: "\n")
    }
}

/// A plain-text table, first column left-aligned, the others right-aligned.
struct ResultTable {
    var columns: [String]
    var rows: [[String]] = []

    mutating func add(_ row: [String]) { rows.append(row) }

    func render() -> String {
        let all = [columns] + rows
        var widths = [Int](repeating: 0, count: columns.count)
        for row in all {
            for (column, cell) in row.enumerated() where column < widths.count {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var trimmed = self
        while trimmed.last == " " { trimmed.removeLast() }
        return trimmed
    }
}

/// Number formatting without Foundation's String(format:).
enum Format {
    /// The runtime's own formatter, with "n/a" for a figure that could not be measured.
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "n/a" }
        return SwivelRuntime.fixed(value, decimals)
    }

    static func microseconds(nanoseconds: Int64) -> String {
        fixed(Double(nanoseconds) / 1_000, decimals: 1) + " µs"
    }

    static func microseconds(nanoseconds: Double) -> String {
        fixed(nanoseconds / 1_000, decimals: 1) + " µs"
    }

    /// Whole nanoseconds from 100 ns up, one decimal below.
    static func nanoseconds(_ value: Double, unit: Bool = true) -> String {
        fixed(value, decimals: abs(value) >= 100 ? 0 : 1) + (unit ? " ns" : "")
    }

    /// Binary megabytes, as `ls -lh` and `free` count them.
    static func mebibytes(bytes: Double) -> String {
        fixed(bytes / 1_048_576, decimals: 1) + " MiB"
    }

    /// Millions of steps per second.
    static func stepsPerSecond(_ value: Double) -> String {
        fixed(value / 1e6, decimals: 1) + " M/s"
    }

    static func ratio(_ numerator: Double, _ denominator: Double) -> String {
        denominator > 0 ? fixed(numerator / denominator, decimals: 2) : "n/a"
    }
}
