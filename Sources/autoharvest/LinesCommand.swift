import ArgumentParser
import Core
import Foundation
import Imaging
import Recognition
import Reports
import Search

/// Reads each image as `filterocr ocr` does, then each of its lines again by rectangle on that
/// layout under each rendering, and writes one JSON file per image.
struct LinesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lines",
        abstract: "Reads each image's lines again under each rendering, on the page's own layout.")

    @Option(help: "Renderings, comma-separated; each is original or filters joined by '+' (median+background). Filters that move or resize the page are refused.")
    var renderings = "original,median,background,despeckle"

    @Option(help: "The margin above and below each line, as a share of its height.")
    var margin = LineRectangles.verticalMargin

    @Option(help: "Tesseract's page segmentation for a line: 7 (a single line) or 13 (a raw line).")
    var psm = 7

    @Flag(help: "Read without the LSTM's alternatives for each symbol.")
    var noSymbols = false

    @OptionGroup var harvest: HarvestOptions

    func validate() throws {
        guard [7, 13].contains(psm) else { throw ValidationError("--psm is 7 or 13") }
        guard (0...1).contains(margin) else { throw ValidationError("--margin is a share of the line's height, 0 to 1") }
        _ = try parsedRenderings()
    }

    private func parsedRenderings() throws -> [(name: String, state: FilterState)] {
        try renderings.split(separator: ",").map { name -> (name: String, state: FilterState) in
            guard name != "original" else { return (String(name), FilterState()) }
            let operations = try name.split(separator: "+").map { word -> FilterOperation in
                guard let kind = FilterKind(rawValue: String(word)) else {
                    throw ValidationError("\(word) is not a filter (in --renderings \(renderings))")
                }
                guard kind.placement == .inPlace else {
                    throw ValidationError("\(word) moves or resizes the page: a line's rectangle would no longer be over it")
                }
                return FilterOperation(kind)
            }
            return (String(name), operations.reduce(FilterState()) { $0.then($1) })
        }
    }

    func run() throws {
        let renderings = try parsedRenderings()
        let settings = RecognitionSettings(runtime: Runtime(orientation: TesseractOrientation().detector))
        var pipeline = try Pipeline.make(settings)
        let engine = try RecognitionSettings.tesseract(settings)
        try harvest.each { path, name in
            try read(path, as: name, renderings: renderings, pipeline: &pipeline, engine: engine)
        }
    }

    private func read(_ path: String, as name: String, renderings: [(name: String, state: FilterState)], pipeline: inout Pipeline,
                      engine: any Recognizer) throws {
        var clock = ContinuousClock.now
        let original = try pipeline.load(path)
        let result = try pipeline.run(original, state: FilterState())
        let page = result.report.recognized
        var seconds = ["page": (ContinuousClock.now - clock).inSeconds]
        let lines = TextLines(page)?.lines ?? []
        let rectangles = LineRectangles.of(lines, width: result.image.width, height: result.image.height, verticalMargin: margin)
        var readings = lines.map { [HarvestPage.Reading(source: "page", words: $0.words)] }
        for (rendering, state) in renderings where !lines.isEmpty {
            clock = ContinuousClock.now
            let rendered = pipeline.renderer.render(state.operations, from: result.image)
            let read = try pipeline.reader.readLines(rendered, resolution: pipeline.resolution(of: original), lines: rectangles,
                                                     scale: page.readScale ?? 1, engine: EngineSettings(pageSegmentation: psm),
                                                     symbolChoices: !noSymbols, monitor: nil, with: engine)
            seconds[rendering] = (ContinuousClock.now - clock).inSeconds
            for index in lines.indices { readings[index].append(HarvestPage.Reading(source: rendering, words: read[index].words)) }
        }
        let written = HarvestPage(name: name, width: result.image.width, height: result.image.height, scale: page.readScale ?? 1,
                                  seconds: seconds,
                                  lines: lines.indices.map { HarvestPage.Line(box: lines[$0].box, rectangle: rectangles[$0],
                                                                              readings: readings[$0]) })
        try harvest.write(written, as: "\(name).json")
        print(name, lines.count, "lines", seconds.sorted { $0.key < $1.key }.map { "\($0.key)=\(String(format: "%.2f", $0.value))" }
            .joined(separator: " "))
    }
}
