import ArgumentParser
import Core
import Foundation
import Recognition
import Reports
import Search

/// Searches each image as `--auto-by page` does, then writes the chosen reading's lines, each with
/// the words every other reading of the same geometry has on it (`CandidateLines`): the readings
/// `--auto-by learned` chooses each line from, in `lines`' format, for `columns`.
struct PagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pages",
        abstract: "Searches each image as --auto-by page does and writes its lines with every reading of them the search made.")

    @OptionGroup var harvest: HarvestOptions

    func run() throws {
        let settings = RecognitionSettings(runtime: Runtime(orientation: TesseractOrientation().detector))
        let engines = try Engines(count: 2, settings: settings, factory: RecognitionSettings.tesseract)
        try harvest.each { path, name in
            // A pipeline per page: its renderer keeps that page's readings, which the lines are made of.
            var pipeline = Pipeline(settings: settings, recognizer: engines, cacheBudget: 1 << 30)
            try read(path, as: name, pipeline: &pipeline)
        }
    }

    private func read(_ path: String, as name: String, pipeline: inout Pipeline) throws {
        let original = try pipeline.load(path)
        let result = try AutoSearch(explain: true, unit: .page).run(original, pipeline: &pipeline)
        guard let auto = result.report.auto else { return }
        let chosen = auto.chosen.filters
        var others: [(source: String, reading: RecognizedText)] = []
        var searched: [SearchedPage.Candidate] = []
        for candidate in auto.candidates where !candidate.sampled {
            // The renderer keeps the search's readings with the engine's own settings.
            let cached = candidate.filters.engine.isDefault ? pipeline.renderer.cached(original, candidate.filters.operations) : nil
            searched.append(SearchedPage.Candidate(script: candidate.filters.description, score: candidate.score,
                                                   text: candidate.filters == chosen ? result.report.recognized.text : cached?.1.text))
            guard CandidateLines.witnesses(candidate, auto.chosen), let cached,
                  cached.0.width == result.image.width, cached.0.height == result.image.height else { continue }
            others.append((source: candidate.filters.description, reading: cached.1))
        }
        let search = SearchedPage(auto: .init(features: auto.features ?? [:], script: chosen.description, candidates: searched))
        try harvest.write(search, as: "\(name).auto.json")
        let lines = TextLines(result.report.recognized)
        let hypotheses = lines.map { CandidateLines.hypotheses($0, width: result.image.width, height: result.image.height, others: others) }
        let written = HarvestPage(
            name: name, width: result.image.width, height: result.image.height, scale: result.report.recognized.readScale ?? 1,
            seconds: ["auto": auto.seconds],
            lines: hypotheses.map { hypotheses in
                hypotheses.lines.indices.map { index in
                    HarvestPage.Line(box: hypotheses.lines[index].box, rectangle: hypotheses.rectangles[index],
                                     readings: zip(hypotheses.sources, hypotheses.words[index]).map {
                                         HarvestPage.Reading(source: $0, words: $1)
                                     })
                }
            } ?? [])
        try harvest.write(written, as: "\(name).json")
        print(name, written.lines.count, "lines,", others.count, "other readings:", others.map(\.source).joined(separator: " | "))
    }
}
