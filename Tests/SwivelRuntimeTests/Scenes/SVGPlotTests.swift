import Testing
@testable import SwivelAccessories
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelRuntime
@testable import SwivelStand
@testable import SwivelSceneBench

@Suite struct SVGPlotTests {
    let panels = [
        SVGPlot.Panel(title: "a & b", series: [
            SVGPlot.Series(name: "one", colour: "#000", points: [(0, 0), (1, 2), (2, -1)]),
            SVGPlot.Series(name: "two", colour: "#f00", dashed: true, points: [(0, 1), (2, 1), (3, .nan)]),
        ]),
        SVGPlot.Panel(title: "flat", series: [SVGPlot.Series(name: "c", colour: "#00f", points: [(0, 5), (2, 5)])]),
    ]

    @Test func oneDocumentWithAPolylinePerSeries() {
        let svg = SVGPlot.render(title: "t", xLabel: "time (s)", yLabel: "yaw (rad)", panels: panels)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.split(separator: "\n").filter { $0.hasPrefix("<polyline") }.count == 3)
        #expect(svg.split(separator: "\n").contains { $0.hasSuffix(">a &amp; b</text>") })
        #expect(!svg.split(separator: "\n").contains { $0.hasPrefix("<polyline") && $0.hasSuffix("nan\"/>") })
        #expect(svg == SVGPlot.render(title: "t", xLabel: "time (s)", yLabel: "yaw (rad)", panels: panels))
    }

    @Test func rangesLieOnAOneTwoFiveGrid() {
        let r = SVGPlot.niceRange([-2.4, 2.0])
        #expect(r.step == 1 && r.low == -3 && r.high == 2)
        let flat = SVGPlot.niceRange([5, 5])
        #expect(flat.low <= 4.5 && flat.high >= 5.5)
        #expect(SVGPlot.ticks(SVGPlot.niceRange([0, 0.5])).count == 6)
    }
}
