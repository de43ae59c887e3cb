import Formats
import Foundation
import Imaging
import Reports

/// A sweep as an SVG chart for a report: words, confidence and (when the truth is known)
/// CER and word recall against the filter's strength, the filter's own parameter (σ or the
/// threshold) on the top axis, and the brief's 25% and 75% marked.
public enum SweepChart {
    struct Series {
        var name: String
        var colour: String
        var values: [Double]
        var rightAxis: Bool
    }

    private static let (width, height) = (760.0, 440.0)
    private static let (left, right, top, bottom) = (70.0, 80.0, 70.0, 84.0)

    /// - Parameter partial: the sweep was stopped early; the title says so.
    public static func svg(_ rows: [SweepRow], plan: SweepPlan, image: String, partial: Bool) -> String {
        let compound: Bool = if case .compound = plan.kind { true } else { false }
        let xs = rows.map { compound ? $0.strength : $0.strength * 100 }
        var series = [
            Series(name: "words", colour: "#222222", values: rows.map { Double($0.wordCount) }, rightAxis: true),
            Series(name: "confidence (%)", colour: "#1f77b4", values: rows.map { Double($0.meanConfidence) }, rightAxis: false),
        ]
        if rows.allSatisfy({ $0.accuracy != nil }), !rows.isEmpty {
            series.append(Series(name: "CER (%)", colour: "#d62728",
                                 values: rows.map { min(100, ($0.accuracy?.characterErrorRate ?? 0) * 100) }, rightAxis: false))
            series.append(Series(name: "word recall (%)", colour: "#2ca02c",
                                 values: rows.map { ($0.accuracy?.wordRecall ?? 0) * 100 }, rightAxis: false))
        }
        let (xMin, xMax) = (xs.min() ?? 0, max((xs.max() ?? 1), (xs.min() ?? 0) + 1e-9))
        let wordsMax = ChartScale.ceiling(max(1, series[0].values.max() ?? 1))
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        func x(_ value: Double) -> Double { left + (value - xMin) / (xMax - xMin) * plotWidth }
        func y(_ value: Double, right: Bool) -> Double { top + plotHeight * (1 - value / (right ? wordsMax : 100)) }

        var svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>

        """
        let filter = plan.filter.rawValue
        let title = "\(image): \(filter) " + (compound ? "compounding" : "strength") + " against what OCR reads"
            + (partial ? " (partial: \(rows.count) points)" : "")
        svg += text(title, x: width / 2, y: 20, anchor: "middle", size: 14, weight: "bold")
        // Axes and grid.
        svg += "<g stroke=\"#999\" stroke-width=\"1\">\n"
        svg += line(left, top + plotHeight, left + plotWidth, top + plotHeight) + line(left, top, left, top + plotHeight)
        svg += line(left + plotWidth, top, left + plotWidth, top + plotHeight) + line(left, top, left + plotWidth, top)
        svg += "</g>\n"
        for tick in ChartScale.ticks(xMin, xMax) {
            svg += "<line x1=\"\(f(x(tick)))\" y1=\"\(f(top + plotHeight))\" x2=\"\(f(x(tick)))\" y2=\"\(f(top + plotHeight + 5))\" stroke=\"#999\"/>\n"
            svg += text(number(tick), x: x(tick), y: top + plotHeight + 18, anchor: "middle")
            // The filter's own parameter, on the top axis.
            let parameter = compound ? tick : plan.filter.parameter(at: tick / 100).value
            svg += text(compound ? "" : number(parameter), x: x(tick), y: top - 8, anchor: "middle", colour: "#555")
        }
        svg += text(compound ? "steps of \(stepName(plan))" : "\(filter) intensity (%)", x: left + plotWidth / 2,
                    y: top + plotHeight + 38, anchor: "middle")
        if !compound {
            svg += text(plan.filter.parameterTitle, x: left + plotWidth / 2,
                        y: top - 26, anchor: "middle", colour: "#555")
        }
        for tick in stride(from: 0.0, through: 100, by: 20) {
            svg += "<line x1=\"\(f(left))\" y1=\"\(f(y(tick, right: false)))\" x2=\"\(f(left + plotWidth))\" "
                + "y2=\"\(f(y(tick, right: false)))\" stroke=\"#eee\"/>\n"
            svg += text(number(tick), x: left - 8, y: y(tick, right: false) + 4, anchor: "end")
            svg += text(number(tick / 100 * wordsMax), x: left + plotWidth + 8, y: y(tick, right: false) + 4, anchor: "start")
        }
        svg += text("percent", x: 18, y: top + plotHeight / 2, anchor: "middle", rotate: true)
        svg += text("words", x: width - 18, y: top + plotHeight / 2, anchor: "middle", rotate: true)
        // The brief's two step strengths.
        if !compound {
            for mark in [25.0, 75.0] where mark >= xMin && mark <= xMax {
                svg += "<line class=\"mark\" x1=\"\(f(x(mark)))\" y1=\"\(f(top))\" x2=\"\(f(x(mark)))\" y2=\"\(f(top + plotHeight))\" "
                    + "stroke=\"#aaa\" stroke-dasharray=\"4 4\"/>\n"
                svg += text("\(Int(mark))%", x: x(mark) + 4, y: top + 14, anchor: "start", colour: "#777")
            }
        }
        // One polyline and one dot per point for each measure.
        for (index, item) in series.enumerated() {
            let points = zip(xs, item.values).map { "\(f(x($0))),\(f(y($1, right: item.rightAxis)))" }
            svg += "<g class=\"series\" data-name=\"\(MarkupText.escaped(item.name))\" stroke=\"\(item.colour)\" fill=\"\(item.colour)\">\n"
            svg += "<polyline fill=\"none\" stroke-width=\"2\" points=\"\(points.joined(separator: " "))\"/>\n"
            for (px, value) in zip(xs, item.values) {
                svg += "<circle class=\"point\" cx=\"\(f(x(px)))\" cy=\"\(f(y(value, right: item.rightAxis)))\" r=\"3\"/>\n"
            }
            svg += "</g>\n"
            // The legend: one row under the chart, a measure every 160 pixels.
            let legendX = left + Double(index) * 160, legendY = height - 14
            svg += "<rect x=\"\(f(legendX))\" y=\"\(f(legendY - 5))\" width=\"14\" height=\"3\" fill=\"\(item.colour)\"/>\n"
            svg += text(item.name + (item.rightAxis ? " (right axis)" : ""), x: legendX + 20, y: legendY, anchor: "start")
        }
        return svg + "</svg>\n"
    }

    private static func stepName(_ plan: SweepPlan) -> String {
        if case .compound(let step, _) = plan.kind { return FilterOperation.percent(step) }
        return ""
    }

    private static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\"/>\n"
    }

    private static func text(_ content: String, x: Double, y: Double, anchor: String, size: Int = 12,
                             weight: String = "normal", colour: String = "#222", rotate: Bool = false) -> String {
        guard !content.isEmpty else { return "" }
        let transform = rotate ? " transform=\"rotate(-90 \(f(x)) \(f(y)))\"" : ""
        return "<text x=\"\(f(x))\" y=\"\(f(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\" font-weight=\"\(weight)\" "
            + "fill=\"\(colour)\"\(transform)>\(MarkupText.escaped(content))</text>\n"
    }

    private static func f(_ value: Double) -> String { ChartScale.coordinate(value) }

    private static func number(_ value: Double) -> String { ChartScale.number(value) }
}
