import ArgumentParser
import Core
import Documents
import Foundation
import ImageCodec
import Imaging
import PageDocuments
import Runs

/// `filterocr ocr IMAGE...`: recognise images as they are.
struct OCRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ocr",
        abstract: "Recognise the text in images, as they are or filtered (--ops, --auto).",
        discussion: """
            Prints the text of each image; with several images, each text follows a \
            '==> IMAGE <==' header. With --json, prints one JSON object per image instead. A PDF or \
            a multi-page TIFF is read page by page (--pages 1,3-5), each page as an image. '-' \
            reads an image from standard input: xclip -selection clipboard -t image/png -o | filterocr ocr -
            """
    )

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var feedOptions: FeedOptions
    @OptionGroup var truthOptions: TruthOptions
    @OptionGroup var jobs: JobsOption
    @OptionGroup var filters: FilterOptions
    @OptionGroup var pageOptions: PagesOption

    @Flag(name: .long, help: "Print one JSON object per image (JSON Lines); the same as --format jsonl.")
    var json = false

    @Option(name: .long, help: ArgumentHelp("The format of the results (default: the one -o's extension names, "
                                            + "else text). " + OutputFormat.help))
    var format: OutputFormat?

    @OptionGroup var output: OutputOptions

    /// The format of the run: --format's (or --json's), else -o's extension's, else text.
    private var runFormat: OutputFormat {
        get throws { try output.format(given: json ? .jsonl : format, standard: .text) }
    }

    @Argument(help: ArgumentHelp("Image files (\(ReadableFormats.list)), or - for one image on standard input.",
                                 valueName: "image"))
    var images: [String]

    func validate() throws {
        guard images.filter({ $0 == ImageLoader.standardInputName }).count <= 1 else {
            throw ValidationError("standard input holds one image: give - once")
        }
        _ = try output.destination(for: try runFormat, from: images)
    }

    func run() throws {
        let settings = recognition.settings(ignoredWords: feedOptions.ignoredWords)
        // --auto searches one image with every core; otherwise one engine per image at most.
        // A document's pages are units of work as images are.
        let units = WorkUnit.count(of: images, selection: pageOptions.pages)
        let engines = filters.auto ? jobs.engines : min(jobs.jobs ?? 1, units)
        let store = try recognition.store()
        let runner = ImageRunner(settings: settings, store: store, state: filters.ops, auto: filters.search, jobs: engines,
                                 truth: truthOptions.source, pageSelection: pageOptions.pages,
                                 pagesWithText: pageOptions.pagesWithText)
        var run = ImageRun(runner: runner, format: try runFormat, headers: units > 1,
                           publisher: feedOptions.makePublisher(source: "ocr"), showsProgress: false)
        try output.apply(to: &run, from: images)
        run.keepsOriginalPages = images.contains { Document.kind(of: $0) == .pdf }
        try run.run(images, total: units)
    }
}
