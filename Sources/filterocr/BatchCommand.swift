import ArgumentParser
import Foundation
import Imaging

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
            when every image was read, 1 when any failed, 2 for a usage error.
            """
    )

    @OptionGroup var common: CommonOptions
    @OptionGroup var feedOptions: FeedOptions

    @Argument(help: "Images, folders, globs, or '-' for paths on standard input.")
    var inputs: [String] = []

    @Option(name: .long, help: "Filter commands applied to every image, e.g. \"binarize; 75%\" (default: none).")
    var ops = "original"

    @Option(name: .customShort("j"), help: "Engines working in parallel, each single-threaded.")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Option(name: .long, help: "jsonl: one JSON object per image; text: a header line per image, then its text.")
    var format: BatchFormat = .jsonl

    @Option(name: .long, help: "Also write each filtered image as PNG into this folder.")
    var saveDir: String?

    @Flag(name: .long, help: "Read one image's bytes from standard input.")
    var stdinImage = false

    @Option(name: .long, help: "Process only the inputs whose position (from 0) is I modulo N, e.g. 2/8.")
    var shard: Shard?

    func validate() throws {
        _ = try OperationsOption.state(from: ops)
        guard (1...256).contains(jobs) else { throw ValidationError("-j takes 1 to 256 engines, e.g. -j 2") }
        if stdinImage && (!inputs.isEmpty) {
            throw ValidationError("--stdin-image reads the one image from standard input; give no other inputs")
        }
        if inputs.isEmpty && !stdinImage && isatty(STDIN_FILENO) != 0 {
            throw ValidationError("give images, folders or globs, or pipe paths in: find images -name '*.png' | filterocr batch")
        }
    }

    func run() throws {
        let state = try OperationsOption.state(from: ops)
        if let saveDir {
            try Terminal.orExit {
                do {
                    try FileManager.default.createDirectory(atPath: saveDir, withIntermediateDirectories: true)
                } catch {
                    throw OutputError(path: saveDir, reason: "cannot create the folder")
                }
            }
        }
        let settings = common.pipelineSettings(ignoredWords: feedOptions.ignoredWords)
        // Fail fast, with one line, if no engine can start (missing language data).
        _ = try Terminal.orExit { try settings.makePipeline() }
        let source: BatchSource = stdinImage ? .imageBytes : .paths(BatchInputs(arguments: inputs))
        let run = BatchRun(
            source: source, state: state, shard: shard, jobs: jobs, format: format, saveDir: saveDir,
            settings: settings,
            publisher: feedOptions.makePublisher(source: "batch")
        )
        let outcome = run.run()
        if outcome.interrupted { throw ExitCode(130) }
        if outcome.failures > 0 { throw ExitCode.failure }
    }
}

enum BatchFormat: String, ExpressibleByArgument, CaseIterable {
    case jsonl, text
}

/// `--shard I/N`: this process's share of the inputs.
struct Shard: ExpressibleByArgument, Equatable {
    let index: Int
    let count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "/")
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count > 0, (0..<count).contains(index) else {
            return nil
        }
        self.index = index
        self.count = count
    }

    func includes(_ position: Int) -> Bool { position % count == index }
}
