import Foundation
import ImageCodec
import Imaging
import Recognition
import Session
import WordFrequency

/// Carries out the session machine's actions: loads images, renders and recognises through
/// the pipeline (with the render cache), prints, and publishes to the feed.
final class ReplSession {
    enum Output { case report, json }

    private var machine: SessionMachine
    private let pipeline: Pipeline
    private let output: Output
    private let publisher: FeedPublisher?
    private var cache: RenderCache<RecognizedText>?
    /// The image shown, decoded.
    private var original: LoadedImage?
    /// Set when an image has just been loaded, so its first report includes the decode time.
    private var freshlyLoaded = false
    private var last: (report: RecognitionReport, image: RGBImage)?

    init(pipeline: Pipeline, images: [String], seed: UInt64, output: Output, publisher: FeedPublisher?, cacheBudget: Int) {
        machine = SessionMachine(images: images, seed: seed)
        self.pipeline = pipeline
        self.output = output
        self.publisher = publisher
        cache = RenderCache(budget: cacheBudget)
    }

    /// The prompt for the current state, e.g. `receipt.png · blur 25% > `.
    func prompt() -> String {
        guard let image = machine.currentImage else { return "filterocr> " }
        let operations = machine.filters.operationNames
        let name = (image as NSString).lastPathComponent
        return operations.isEmpty ? "\(name) · original> " : "\(name) · \(operations.joined(separator: " → "))> "
    }

    /// Performs the first recognition, then one command per line until quit or end of input.
    func run(startingWith image: String?, input: LineInput) {
        perform(machine.start(with: image))
        while let line = input.readLine() {
            if line.allSatisfy(\.isWhitespace) { continue }
            input.remember(line)
            do {
                let command = try SessionCommand(line: line)
                if command == .quit { return }
                perform(machine.handle(command))
            } catch {
                refuse(error.description)
            }
        }
    }

    private func perform(_ action: SessionMachine.Action) {
        switch action {
        case .load(let path):
            do {
                original = try pipeline.load(path, identified: true)
                freshlyLoaded = true
                perform(machine.imageLoaded(path))
            } catch {
                perform(machine.imageFailed(path, reason: Terminal.message(for: error)))
            }
        case .render(let transition):
            render(transition)
        case .answer(let query):
            answer(query)
        case .save(let path):
            save(to: path)
        case .refuse(let message):
            refuse(message)
        case .quit:
            break
        }
    }

    private func render(_ transition: SessionMachine.Transition) {
        guard let original else { return }
        do {
            let result = try pipeline.run(original, state: machine.filters, cache: &cache, includeDecodeTime: freshlyLoaded)
            freshlyLoaded = false
            last = result
            publisher?.publish(result.report)
            switch output {
            case .json: Terminal.print(JSONLines.line(result.report))
            case .report: Terminal.print(TransitionReport.text(for: result.report, operations: transition.operations))
            }
        } catch {
            refuse(Terminal.message(for: error))
        }
    }

    private func answer(_ query: SessionMachine.Query) {
        guard let last else { return }
        let report = last.report
        switch (query, output) {
        case (.text, .report): Terminal.print(report.recognized.text, terminator: "")
        case (.text, .json): Terminal.print(JSONLines.line(["text": report.recognized.text]))
        case (.words, .report): Terminal.print(TransitionReport.wordTable(report.recognized.words))
        case (.words, .json): Terminal.print(JSONLines.line(WordsAnswer(words: report.recognized.words)))
        case (.top, .report):
            Terminal.print("this image: " + TransitionReport.list(report.topWords))
            Terminal.print("session:    " + TransitionReport.list(publisher?.sessionCounts.top(3) ?? []))
        case (.top, .json):
            Terminal.print(JSONLines.line(TopAnswer(topWords: report.topWords,
                                                    sessionTopWords: publisher?.sessionCounts.top(3) ?? [])))
        case (.show, _):
            Terminal.print(ImagePreview.render(last.image, fitting: Terminal.size()), terminator: "")
        case (.status, _):
            status()
        case (.help, _):
            Terminal.print(Self.help)
        }
    }

    private func status() {
        guard let original, let last else {
            Terminal.print("no image loaded; \(machine.images.count) images in the set")
            return
        }
        let lines = [
            "image:      \(original.name) (\(original.image.width)x\(original.image.height), "
                + "\(original.decoded.format.displayName), \(original.decoded.resolution.map { "\($0) dpi" } ?? "no dpi"))",
            "segment:    \(machine.filters.segment.rawValue)",
            "operations: \(machine.filters.operationNames.isEmpty ? "none" : machine.filters.operationNames.joined(separator: ", "))",
            "last:       \(last.report.wordCount) words, confidence \(last.report.recognized.meanConfidence)",
            "cache:      \(cache?.count ?? 0) images, \((cache?.bytes ?? 0) >> 20) MB, \(cache?.hits ?? 0) hits",
            "image set:  \(machine.images.count) images",
        ]
        switch output {
        case .report: Terminal.print(lines.joined(separator: "\n"))
        case .json: Terminal.print(JSONLines.line(["status": lines.joined(separator: "\n")]))
        }
    }

    private func save(to path: String) {
        guard let last, let original else { return }
        do {
            try PNGOutput.write(last.image, resolution: original.decoded.resolution, to: path)
            if output == .report { Terminal.print("saved \(path)") }
        } catch {
            refuse(Terminal.message(for: error))
        }
    }

    private func refuse(_ message: String) {
        Terminal.printError(message)
        if output == .json { Terminal.print(JSONLines.line(ErrorReport(image: nil, error: message))) }
    }

    static let help = """
        original          the image as loaded, every filter reverted
        blur | binarize   that filter at 25% on the original (blur σ = 100 × intensity px,
                          binarize threshold = 0.5 × intensity, per channel, linear light)
        25% | 75%         the current filter again on the current image (it compounds)
        slider V          the current filter at V (0-3, or 0%-300%) on the original
        next              a random other image of the set
        open PATH         load an image file
        text | words      the recognised text | each word's confidence and box
        top               the top three words of this image and of the session
        show              a colour preview of the current image
        save PATH.png     write the current image
        status | help | quit
        """
}

private struct WordsAnswer: Encodable {
    var words: [RecognizedWord]
}

private struct TopAnswer: Encodable {
    var topWords: [WordCount]
    var sessionTopWords: [WordCount]
}
