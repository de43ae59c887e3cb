import ArgumentParser
import Foundation
import Imaging

/// `filterocr ocr IMAGE...`: recognise images as they are.
struct OCRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Recognise the text in images as they are.",
        discussion: """
            Prints the text of each image; with several images, each text follows a \
            '==> IMAGE <==' header. With --json, prints one JSON object per image instead.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var feedOptions: FeedOptions

    @Flag(name: .long, help: "Print one JSON object per image (JSON Lines).")
    var json = false

    @Argument(help: "Image files (PNG, JPEG, TIFF, BMP, PNM, WebP, GIF).")
    var images: [String]

    func run() throws {
        let pipeline = try common.makePipeline(ignoredWords: feedOptions.ignoredWords)
        let publisher = feedOptions.makePublisher(source: "ocr")
        var failures = 0
        for (index, path) in images.enumerated() {
            do {
                let report = try pipeline.run(try pipeline.load(path), state: FilterState()).report
                publisher?.publish(report)
                if json {
                    Terminal.print(JSONLines.line(report))
                } else {
                    if images.count > 1 { Terminal.print((index > 0 ? "\n" : "") + "==> \(path) <==") }
                    Terminal.print(report.recognized.text, terminator: "")
                }
            } catch {
                failures += 1
                let message = Terminal.message(for: error)
                Terminal.printError(message)
                if json { Terminal.print(JSONLines.line(ErrorReport(image: path, error: message))) }
            }
        }
        if failures > 0 { throw ExitCode.failure }
    }
}
