import ArgumentParser
import Core
import Documents
import FileSystem
import Foundation
import ImageCodec
import Imaging
import PageDocuments
import Runs

/// `filterocr batch`: the same engine over many images, in parallel, JSON Lines out.
struct BatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "batch",
        abstract: "Recognise many images in parallel: JSON Lines in input order.",
        discussion: """
            Images come from the arguments (files, folders searched recursively for images, \
            quoted globs), or one path per line on standard input when there are no arguments \
            or an argument is '-': find scans -name '*.png' | filterocr batch. \
            --stdin-image reads one image's bytes from standard input instead. Exit status: 0 \
            when every image was read, 1 when any failed, 2 for a usage error, 130 when interrupted.
            """
    )

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var feedOptions: FeedOptions
    @OptionGroup var truthOptions: TruthOptions
    @OptionGroup var jobs: JobsOption

    @Argument(help: "Images, folders, globs, or '-' for paths on standard input.")
    var inputs: [String] = []

    @OptionGroup var filters: FilterOptions
    @OptionGroup var pageOptions: PagesOption

    @Option(name: .long, help: ArgumentHelp("The format of the results (default: the one -o's extension names, "
                                            + "else jsonl). " + OutputFormat.help))
    var format: OutputFormat?

    @OptionGroup var output: OutputOptions

    /// The format of the run: --format's (or --json's), else -o's extension's, else jsonl.
    private var runFormat: OutputFormat {
        get throws { try output.format(given: format, standard: .jsonl) }
    }

    @Option(name: .long, help: "Also write each filtered image as PNG into this folder.")
    var saveDir: String?

    @Flag(name: .long, help: "Read one image's bytes from standard input.")
    var stdinImage = false

    @Option(name: .long, parsing: .unconditional,
            help: ArgumentHelp(
                "Process only the inputs whose position (from 0) is I modulo N, e.g. 2/8; auto takes I and N from the engine.",
                discussion: """
                    auto reads Slurm's SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT; auto/N reads I from Kubernetes' \
                    JOB_COMPLETION_INDEX or GNU parallel's PARALLEL_SEQ. Every line then records the share and the \
                    input list, so that merge can tell a missing, repeated or foreign part.
                    """,
                valueName: "I/N"),
            transform: { try Shard($0) })
    var shard: Shard?

    func validate() throws {
        if stdinImage && !inputs.isEmpty {
            throw ValidationError("--stdin-image reads the one image from standard input; give no other inputs")
        }
        if inputs.isEmpty && !stdinImage && isatty(STDIN_FILENO) != 0 {
            throw ValidationError("give images, folders or globs, or pipe paths in: find images -name '*.png' | filterocr batch")
        }
        _ = try output.destination(for: try runFormat, from: inputs)
    }

    func run() throws {
        if let saveDir {
            try Terminal.orExit { () throws -> Void in try Folders.create(saveDir) }
        }
        let settings = recognition.settings(ignoredWords: feedOptions.ignoredWords)
        let store = try recognition.store()
        let runner = ImageRunner(settings: settings, store: store, state: filters.ops, auto: filters.search, jobs: jobs.engines,
                                 saveDirectory: saveDir, truth: truthOptions.source, pageSelection: pageOptions.pages,
                                 pagesWithText: pageOptions.pagesWithText)
        var run = ImageRun(runner: runner, format: try runFormat, headers: true,
                           publisher: feedOptions.makePublisher(source: "batch"), showsProgress: true)
        try output.apply(to: &run, from: inputs)
        if stdinImage {
            try run.run([ImageLoader.standardInputName], total: 1)
        } else if inputs.isEmpty || inputs.contains("-") {
            let standardInput = LineReader()
            if let format = BatchInputs.imageFormat(ahead: standardInput) {
                throw ValidationError("standard input holds a \(format.displayName) image, not paths; "
                                      + "read it with --stdin-image: filterocr batch --stdin-image < image")
            }
            guard shard != nil else {
                // Paths still to come may name PDFs.
                run.keepsOriginalPages = true
                return try run.run(BatchInputs(arguments: inputs, standardInput: standardInput), total: nil)
            }
            // A share is of the whole list, which its lines name: the list is read first.
            try runKnown(Array(BatchInputs(arguments: inputs, standardInput: standardInput)), with: &run)
        } else {
            // Arguments alone are expanded first, so that progress can show the total.
            try runKnown(Array(BatchInputs(arguments: inputs)), with: &run)
        }
    }

    /// Runs the inputs of a list known in full (this shard's share of it, with `--shard`).
    private func runKnown(_ known: [String], with run: inout ImageRun) throws {
        guard !known.isEmpty else {
            return try Terminal.orExit { () throws -> Void in throw ApplicationError.noImages(in: inputs) }
        }
        if let shard {
            if let source = shard.source { Terminal.printNote("shard \(shard.index)/\(shard.count) from \(source)") }
            run.shard = shard.stamp(for: known)
        }
        run.keepsOriginalPages = known.contains { Document.kind(of: $0) == .pdf }
        let mine = known.indices.filter { shard?.includes($0) ?? true }.map { known[$0] }
        try run.run(known, total: WorkUnit.count(of: mine, selection: pageOptions.pages), shard: shard)
    }
}
