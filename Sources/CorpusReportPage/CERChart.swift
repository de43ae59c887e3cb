import Charts
import Core
import Formats
import Foundation
import Runs

/// The scored pages' character error rates as an inline SVG bar chart, worst first, with the
/// micro and macro rates as lines across it; each bar links to its page's aligned view.
enum CERChart {
    private static let (height, left, right, top, bottom) = (300.0, 64.0, 150.0, 24.0, 48.0)

    /// - Parameter anchors: each scored page's anchor in the page, in the report's order.
    static func svg(_ report: CorpusReport, anchors: [String]) -> String {
        let pages = Array(report.scoredPages)
        // A slot per page, at least 3 px wide: a chart of many pages scrolls sideways.
        let plotWidth = max(480, 3 * Double(pages.count)), plotHeight = height - top - bottom
        let step = plotWidth / Double(max(1, pages.count)), barWidth = min(32, step * 0.8)
        let width = left + plotWidth + right
        let rates = pages.map { ($0.characterErrorRate ?? 0) * 100 }
        let (micro, macro) = (report.accuracy.microCharacterErrorRate * 100, report.accuracy.macroCharacterErrorRate * 100)
        let tick = ChartScale.step(upTo: (rates + [micro, macro]).max() ?? 0)
        let yMax = max(tick, (((rates + [micro, macro]).max() ?? 0) / tick).rounded(.up) * tick)
        func y(_ percent: Double) -> Double { top + plotHeight * (1 - percent / yMax) }

        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"\(f(width))\" height=\"\(f(height))\" "
            + "viewBox=\"0 0 \(f(width)) \(f(height))\" role=\"img\" aria-labelledby=\"chart-title\">\n"
            + "<title id=\"chart-title\">Character error rate of each page, worst first: micro \(number(micro))%, "
            + "macro \(number(macro))%</title>\n"
        for value in stride(from: 0.0, through: yMax + tick / 1000, by: tick) {
            svg += "<line class=\"grid\" x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(value)))\"/>\n"
            svg += "<text class=\"tick\" x=\"\(f(left - 6))\" y=\"\(f(y(value) + 4))\" text-anchor=\"end\">\(number(value))%</text>\n"
        }
        for (index, page) in pages.enumerated() {
            let x = left + Double(index) * step + (step - barWidth) / 2
            let barHeight = max(1, y(0) - y(rates[index]))
            let counts = page.counts.map { " (\($0.characterErrors) errors in \($0.characters) characters)" } ?? ""
            svg += "<a href=\"#\(anchors[index])\"><rect class=\"bar\" x=\"\(f(x))\" y=\"\(f(y(0) - barHeight))\" "
                + "width=\"\(f(barWidth))\" height=\"\(f(barHeight))\"><title>\(MarkupText.escaped(page.name)): CER "
                + "\(number(rates[index]))%\(counts)</title></rect></a>\n"
        }
        for (kind, value) in [("micro", micro), ("macro", macro)] {
            svg += "<line class=\"\(kind)\" x1=\"\(f(left))\" y1=\"\(f(y(value)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(value)))\"/>\n"
        }
        // The two labels stay apart when the rates are close.
        let (microY, macroY) = (y(micro), y(macro))
        let apart = abs(microY - macroY) < 14 ? (micro >= macro ? (microY - 7, macroY + 7) : (microY + 7, macroY - 7)) : (microY, macroY)
        svg += "<text class=\"label micro-label\" x=\"\(f(left + plotWidth + 6))\" y=\"\(f(apart.0 + 4))\">micro \(number(micro))%</text>\n"
        svg += "<text class=\"label macro-label\" x=\"\(f(left + plotWidth + 6))\" y=\"\(f(apart.1 + 4))\">macro \(number(macro))%</text>\n"
        svg += "<line class=\"axis\" x1=\"\(f(left))\" y1=\"\(f(y(0)))\" x2=\"\(f(left + plotWidth))\" y2=\"\(f(y(0)))\"/>\n"
        svg += "<text class=\"axis-title\" x=\"\(f(left + plotWidth / 2))\" y=\"\(f(height - 16))\" text-anchor=\"middle\">"
            + "\(pages.count == 1 ? "the page" : "\(pages.count) pages, worst first")</text>\n"
        svg += "<text class=\"axis-title\" x=\"16\" y=\"\(f(top + plotHeight / 2))\" text-anchor=\"middle\" "
            + "transform=\"rotate(-90 16 \(f(top + plotHeight / 2)))\">CER (%)</text>\n"
        return svg + "</svg>"
    }

    private static func f(_ value: Double) -> String { ChartScale.coordinate(value) }

    private static func number(_ value: Double) -> String { ChartScale.number(value, decimals: 2) }
}
