import Foundation
import FoundationXML
import TestSupport
import Testing

/// `filterocr sweep`: recognition against a filter's strength (SPEC §12).
@Suite("filterocr sweep")
struct SweepTests {
    private let image = Paths.images + "/price_tag.bmp"

    private func rows(_ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await Command.filterocr(["sweep", image, "--format", "jsonl"] + arguments)
        #expect(result.status == 0, "\(result.standardError)")
        return try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    private func ocrText(_ script: String) async throws -> String? {
        let png = try Paths.temporaryDirectory() + "/point.png"
        #expect(try await Command.filterocr(["filter", image, "--ops", script, "-o", png]).status == 0)
        let result = try await Command.filterocr(["ocr", "--json", "--no-feed", png])
        let object = try JSONSerialization.jsonObject(with: result.outputData) as? [String: Any]
        return object?["text"] as? String
    }

    @Test("Each row reads as filter + ocr do at that strength, with the same counts")
    func rowsMatchFilterThenOCR() async throws {
        let sweep = try await rows(["--filter", "binarize", "--values", "50%,1.5", "-j", "2"])
        #expect(sweep.map { $0["strength"] as? Double } == [0.5, 1.5])
        #expect(sweep.map { $0["parameter"] as? Double } == [0.25, 0.75])
        for (row, script) in zip(sweep, ["binarize; slider 50%", "binarize; slider 1.5"]) {
            #expect(await row["text"] as? String == (try ocrText(script)), "\(script)")
            #expect(row["operations"] as? [String] == [script.hasSuffix("50%") ? "binarize 50%" : "binarize 150%"])
        }
        let first = try #require(sweep.first)
        #expect(first["accuracy"] != nil, "the sidecar price_tag.txt is the truth")
    }

    @Test("Without a range a blur goes to where the image's text is gone, however large the text")
    func defaultBlurReachesTheEnd() async throws {
        let result = try await Command.filterocr(["sweep", Paths.images + "/sticker_alpha.png", "--filter", "blur", "--format", "jsonl"])
        #expect(result.status == 0, "\(result.standardError)")
        let sweep = try result.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let first = try #require(sweep.first?["accuracy"] as? [String: Any])
        let last = try #require(sweep.last?["accuracy"] as? [String: Any])
        #expect(try #require(first["characterErrorRate"] as? Double) < 0.1, "read at σ 0")
        #expect(try #require(last["characterErrorRate"] as? Double) > 0.8, "gone at the end of the range")
        // σ 6, the end for a page's body text, still reads these 59-pixel letters.
        #expect(try #require(sweep.last?["parameter"] as? Double) > 6)
    }

    @Test("With --compound, point k is the filter and k steps, as the REPL compounds them")
    func compound() async throws {
        let sweep = try await rows(["--filter", "blur", "--compound", "75%", "--steps", "2"])
        #expect(sweep.map { $0["operations"] as? [String] } == [["blur 25%"], ["blur 25%", "blur 75%"], ["blur 25%", "blur 75%", "blur 75%"]])
        let repl = try await Command.filterocr(["repl", "--json", "--no-feed", "--image", image], input: Data("blur\n75%\n75%\n".utf8))
        let texts = try repl.standardOutput.split(separator: "\n").compactMap {
            (try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["text"] as? String
        }
        #expect(Array(texts.dropFirst()) == sweep.map { $0["text"] as? String ?? "?" })
    }

    @Test("--plot's title shows an image name with markup in it as it is, escaped once")
    func plotTitleEscapedOnce() async throws {
        let folder = try Paths.temporaryDirectory()
        let name = "a&\"><b>.bmp"
        try FileManager.default.copyItem(atPath: Paths.images + "/price_tag.bmp", toPath: folder + "/" + name)
        let result = try await Command.filterocr(["sweep", folder + "/" + name, "--filter", "blur", "--values", "0,25%",
                                            "--plot", folder + "/chart.svg"])
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOfFile: folder + "/chart.svg", encoding: .utf8)
        #expect(svg.contains(">a&amp;&quot;&gt;&lt;b&gt;.bmp: blur strength"), "\(svg.prefix(600))")
        #expect(!svg.contains("&amp;quot;") && !svg.contains("&amp;gt;"), "escaped twice")
    }

    @Test("--plot draws well-formed SVG: one series per measure, one point per strength")
    func plot() async throws {
        let svg = try Paths.temporaryDirectory() + "/sweep.svg"
        let result = try await Command.filterocr(["sweep", image, "--filter", "blur", "--values", "0,1%,2%,25%", "--plot", svg])
        #expect(result.status == 0, "\(result.standardError)")
        let data = try Data(contentsOf: URL(fileURLWithPath: svg))
        let counter = SeriesCounter()
        let parser = XMLParser(data: data)
        parser.delegate = counter
        #expect(parser.parse(), "well-formed XML: \(String(describing: parser.parserError))")
        #expect(counter.series == ["words", "confidence (%)", "CER (%)", "word recall (%)"])
        #expect(counter.pointsPerSeries == [4, 4, 4, 4])
        #expect(counter.marks == 1, "25% is marked (75% is outside the range)")
    }

    @Test("Ctrl-C keeps the rows finished and marks the chart partial")
    func interrupted() async throws {
        let svg = try Paths.temporaryDirectory() + "/partial.svg"
        let sweep = try await BackgroundProcess(Paths.filterocr, ["sweep", Paths.images + "/book_page.png", "--filter", "blur",
                                                            "--format", "csv", "-j", "1", "--plot", svg])
        defer { sweep.terminate() }
        #expect(await sweep.waitForLines(2, timeout: 120).count >= 2, "the header and a first row")
        kill(sweep.processIdentifier, SIGINT)
        #expect(await sweep.waitForExit(timeout: 120))
        #expect(sweep.terminationStatus == 130)
        let rows = sweep.outputLines.dropFirst()
        #expect(!rows.isEmpty && rows.count < 13, "\(rows.count) rows")
        let chart = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(chart.contains("(partial: \(rows.count) points)"))
    }

    @Test("Usage errors name what to give")
    func usage() async throws {
        for (arguments, reason) in [(["--filter", "emboss"], "emboss"), (["--filter", "blur", "--values", "1,x"], "'x' is not a strength"),
                                    (["--filter", "blur", "--compound", "50%"], "25% and 75%"),
                                    (["--filter", "blur", "--plot", "chart.png"], "ending in .svg")] {
            let result = try await Command.filterocr(["sweep", image] + arguments)
            #expect(result.status == 2 && result.standardError.contains(reason), "\(arguments): \(result.standardError)")
        }
    }
}

/// Counts the chart's series, their points and the strength marks.
private final class SeriesCounter: NSObject, XMLParserDelegate {
    var series: [String] = []
    var pointsPerSeries: [Int] = []
    var marks = 0

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "g", attributes["class"] == "series" {
            series.append(attributes["data-name"] ?? "?")
            pointsPerSeries.append(0)
        }
        if name == "circle", attributes["class"] == "point", !pointsPerSeries.isEmpty { pointsPerSeries[pointsPerSeries.count - 1] += 1 }
        if name == "line", attributes["class"] == "mark" { marks += 1 }
    }
}
