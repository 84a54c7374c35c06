import SwivelRuntime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A minimal line chart as SVG text: stacked panels sharing an x axis, a
/// polyline per series, a legend. No dependencies, and the same input always
/// gives the same bytes, so regenerated plots only change when the data does.
public enum SVGPlot {
    public struct Series: Sendable {
        public var name: String
        /// Any SVG colour, e.g. `#1f77b4`.
        public var colour: String
        public var dashed: Bool
        public var points: [(x: Double, y: Double)]

        public init(name: String, colour: String, dashed: Bool = false, points: [(x: Double, y: Double)]) {
            self.name = name
            self.colour = colour
            self.dashed = dashed
            self.points = points
        }
    }

    public struct Panel: Sendable {
        public var title: String
        public var series: [Series]

        public init(title: String, series: [Series]) {
            self.title = title
            self.series = series
        }
    }

    static let left = 64.0, right = 16.0, top = 40.0, panelGap = 56.0, bottom = 52.0

    public static func render(
        title: String, xLabel: String, yLabel: String, panels: [Panel], width: Double = 900, panelHeight: Double = 240
    ) -> String {
        let all = panels.flatMap { $0.series.flatMap(\.points) }.filter { $0.x.isFinite && $0.y.isFinite }
        let xRange = niceRange(all.map(\.x))
        let height = top + Double(panels.count) * (panelHeight + panelGap) - panelGap + bottom
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(n(width / 2))" y="20" text-anchor="middle" font-size="15">\(escape(title))</text>

            """
        for (index, panel) in panels.enumerated() {
            let y0 = top + Double(index) * (panelHeight + panelGap)
            let box = (x: left, y: y0 + 18, w: width - left - right, h: panelHeight - 18)
            let values = panel.series.flatMap(\.points).map(\.y).filter(\.isFinite)
            let yRange = niceRange(values)
            func px(_ x: Double) -> Double { box.x + (x - xRange.low) / (xRange.high - xRange.low) * box.w }
            func py(_ y: Double) -> Double { box.y + box.h - (y - yRange.low) / (yRange.high - yRange.low) * box.h }

            svg += "<text x=\"\(n(box.x))\" y=\"\(n(y0 + 12))\" font-weight=\"bold\">\(escape(panel.title))</text>\n"
            svg += "<rect x=\"\(n(box.x))\" y=\"\(n(box.y))\" width=\"\(n(box.w))\" height=\"\(n(box.h))\" fill=\"none\" stroke=\"#999\"/>\n"
            for tick in ticks(yRange) {
                svg += "<line x1=\"\(n(box.x))\" x2=\"\(n(box.x + box.w))\" y1=\"\(n(py(tick)))\" y2=\"\(n(py(tick)))\" stroke=\"#eee\"/>\n"
                svg += "<text x=\"\(n(box.x - 6))\" y=\"\(n(py(tick) + 4))\" text-anchor=\"end\">\(label(tick, step: yRange.step))</text>\n"
            }
            for tick in ticks(xRange) {
                svg += "<line x1=\"\(n(px(tick)))\" x2=\"\(n(px(tick)))\" y1=\"\(n(box.y))\" y2=\"\(n(box.y + box.h))\" stroke=\"#eee\"/>\n"
                svg += "<text x=\"\(n(px(tick)))\" y=\"\(n(box.y + box.h + 16))\" text-anchor=\"middle\">\(label(tick, step: xRange.step))</text>\n"
            }
            svg += "<text transform=\"translate(14 \(n(box.y + box.h / 2))) rotate(-90)\" text-anchor=\"middle\">\(escape(yLabel))</text>\n"
            var legendX = box.x + box.w
            for series in panel.series.reversed() {
                legendX -= 24 + 7 * Double(series.name.count) + 16
                let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
                svg += "<line x1=\"\(n(legendX))\" x2=\"\(n(legendX + 20))\" y1=\"\(n(y0 + 8))\" y2=\"\(n(y0 + 8))\" stroke=\"\(series.colour)\" stroke-width=\"2\"\(dash)/>\n"
                svg += "<text x=\"\(n(legendX + 24))\" y=\"\(n(y0 + 12))\">\(escape(series.name))</text>\n"
            }
            for series in panel.series {
                let dash = series.dashed ? " stroke-dasharray=\"6 4\"" : ""
                let points = series.points.filter { $0.x.isFinite && $0.y.isFinite }
                    .map { "\(n(px($0.x))),\(n(py($0.y)))" }.joined(separator: " ")
                svg += "<polyline fill=\"none\" stroke=\"\(series.colour)\" stroke-width=\"1.5\"\(dash) points=\"\(points)\"/>\n"
            }
        }
        let axisY = height - 10
        svg += "<text x=\"\(n(left + (width - left - right) / 2))\" y=\"\(n(axisY))\" text-anchor=\"middle\">\(escape(xLabel))</text>\n"
        svg += "</svg>\n"
        return svg
    }

    struct Range { var low: Double, high: Double, step: Double }

    /// Bounds on a 1-2-5 grid around `values`, with about five ticks.
    static func niceRange(_ values: [Double]) -> Range {
        guard var low = values.min(), var high = values.max() else { return Range(low: 0, high: 1, step: 0.2) }
        if high - low < 1e-9 {
            low -= 0.5
            high += 0.5
        }
        let raw = (high - low) / 5
        let magnitude = pow(10, floor(log10(raw)))
        let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
        return Range(low: floor(low / step) * step, high: ceil(high / step) * step, step: step)
    }

    static func ticks(_ range: Range) -> [Double] {
        let count = Int(((range.high - range.low) / range.step).rounded())
        return (0...max(0, count)).map { range.low + Double($0) * range.step }
    }

    static func label(_ value: Double, step: Double) -> String {
        let decimals = step >= 1 ? 0 : Int(ceil(-log10(step) - 1e-9))
        return fixed(value, decimals)
    }

    /// Coordinates to 0.1 px: plenty on screen, a third of the bytes of full precision.
    static func n(_ value: Double) -> String {
        let text = fixed(value, 1)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
