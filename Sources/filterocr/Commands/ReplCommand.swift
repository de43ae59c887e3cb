import ArgumentParser
import Core
import Foundation
import REPL
import Runs
import Session
import TerminalText
import Threading

/// `filterocr repl` (and bare `filterocr`): the interactive session.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Move an image through filters and see what Tesseract reads after every change.",
        discussion: """
            Starts on a random image of the image set in the original segment. Commands: \
            \(SessionCommand.vocabulary.map(\.usage).joined(separator: ", ")). On a terminal \
            the line has editing, history and tab completion; from a pipe, one command per \
            line, # starts a comment, and the exit status is 1 if any command was refused.
            """
    )

    @OptionGroup var recognition: RecognitionOptions
    @OptionGroup var feedOptions: FeedOptions
    @OptionGroup var truthOptions: TruthOptions

    @Option(name: .long, help: "The image set that next chooses from.")
    var images = ReplImageSet.defaultFolder

    @Option(name: .long, help: "Start on this image instead of a random one.")
    var image: String?

    @Option(name: .long, parsing: .unconditional, help: "Seed for the random choice of images, for reproducible sessions.",
            transform: WholeNumberOption.parser("--seed", in: UInt64.min...UInt64.max, example: 7))
    var seed: UInt64?

    @Flag(name: .long, help: "Print one JSON object per line for every command, each naming the command.")
    var json = false

    @Option(name: .long, parsing: .unconditional,
            help: "Memory for rendered images kept for instant revisits, in megabytes (1024 by default).",
            transform: WholeNumberOption.parser("--cache-megabytes", in: 0...(1 << 20), example: 512))
    var cacheMegabytes = 1024

    @Flag(inversion: .prefixedNo,
          help: """
            While you read, prepare the transitions you are likely to type next (25%, 75%, the \
            other segments, next) on idle cores, at the lowest priority. On by default on a \
            terminal, off for a script from a pipe.
            """)
    var speculate: Bool?

    func run() throws {
        let imageSet = try ReplImageSet.files(in: images, startImage: image)
        let settings = recognition.settings(ignoredWords: feedOptions.ignoredWords)
        // The session's engine has a thread of its own, so that Ctrl-C returns to the prompt
        // at once even while Tesseract is still analysing the page's layout.
        let store = try recognition.store()
        let engine = try Terminal.orExit { try Engines(count: 1, settings: settings, factory: RecognitionSettings.tesseract) }
        let publisher = feedOptions.makePublisher(source: "repl")
        defer { publisher?.finish() }
        let driver = SessionSetup(settings: settings, recognizer: engine, cacheBytes: cacheMegabytes << 20,
                                  truth: truthOptions.source, images: imageSet, seed: seed, publisher: publisher,
                                  home: ProcessInfo.processInfo.environment["HOME"], store: store).makeDriver()
        let printer: any ReplPrinter = json ? JSONReplPrinter() : HumanReplPrinter()
        let input = LineInput.standardInput(prompt: { driver.prompt })
        if speculate ?? input.isInteractive {
            // A quarter of the cache: prepared renderings move into it when a command comes.
            driver.startSpeculating(engines: ProcessInfo.processInfo.activeProcessorCount,
                                    budget: (cacheMegabytes << 20) / 4)
        }
        let recognitionLine = input.isInteractive ? RecognitionProgressLine.standardErrorIfTerminal() : nil
        if let recognitionLine { driver.onRecognitionProgress = { recognitionLine.update($0) } }
        // At a terminal Ctrl-C cancels the transition under way; a script ends after it.
        if input.isInteractive { driver.interruption = { Interrupt.ctrlC } }
        // The search's line exists only while a search runs: made as it starts and finished
        // when the command ends, so that nothing is drawn over the prompt.
        let searchLine = Locked<ProgressBar?>(nil)
        if input.isInteractive {
            driver.onSearchStart = {
                searchLine.withLock { line in
                    line = ProgressBar.standardErrorIfTerminal()
                    line?.show("best: searching")
                }
            }
            driver.onSearchProgress = { search in
                let text = "best: " + search.text
                searchLine.withLock { $0?.show(text) }
            }
        }
        // SIGTERM and SIGHUP end any session, SIGINT a script; at a terminal Ctrl-C only
        // abandons the line being typed or cancels the transition under way.
        var endedBySignal: Bool { Interrupt.happened && (Interrupt.signal != SIGINT || !input.isInteractive) }
        recognitionLine?.begin()
        let first = driver.start(with: image)
        recognitionLine?.end()
        printer.print(first)
        while !driver.hasQuit, !Terminal.outputClosed, !endedBySignal, let line = input.readLine() {
            input.remember(line)
            recognitionLine?.begin()
            let outputs = input.running { driver.handle(line) }
            recognitionLine?.end()
            searchLine.withLock { line in
                line?.finish()
                line = nil
            }
            printer.print(outputs)
        }
        // A script whose commands were refused failed; at a terminal the user saw each refusal.
        try RunEnding(cancelled: endedBySignal, failed: input.isInteractive ? 0 : driver.refusals, signal: Interrupt.signal,
                      outputClosed: Terminal.outputClosed).exit()
    }
}
