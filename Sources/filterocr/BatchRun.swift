import Foundation
import ImageCodec
import Imaging

/// Runs a batch: one producer reading inputs, `jobs` workers each with its own engine, and
/// results printed in input order as soon as they are next in line.
///
/// Memory stays bounded for any stream: at most `window` images are between being read and
/// being printed, so a slow image holds back at most that many finished results.
final class BatchRun: @unchecked Sendable {
    struct Outcome {
        var succeeded = 0
        var failures = 0
        var interrupted = false
    }

    private struct Item: Sendable {
        var position: Int
        var input: String
        var saveName: String?
    }

    private let source: BatchSource
    private let state: FilterState
    private let shard: Shard?
    private let jobs: Int
    private let format: BatchFormat
    private let saveDir: String?
    private let settings: PipelineSettings
    private let publisher: FeedPublisher?
    private let queue: BlockingQueue<Item>
    private let window: DispatchSemaphore
    private let printer: OrderedPrinter

    init(source: BatchSource, state: FilterState, shard: Shard?, jobs: Int, format: BatchFormat, saveDir: String?,
         settings: PipelineSettings, publisher: FeedPublisher?) {
        self.source = source
        self.state = state
        self.shard = shard
        self.jobs = jobs
        self.format = format
        self.saveDir = saveDir
        self.settings = settings
        self.publisher = publisher
        queue = BlockingQueue(capacity: jobs * 2)
        window = DispatchSemaphore(value: jobs * 4)
        printer = OrderedPrinter(progress: ProgressBar.standardErrorIfTerminal())
    }

    func run() -> Outcome {
        Interrupt.install(resettingAfterFirst: true)
        let workers = (0..<jobs).map { _ in Thread { [self] in work() } }
        for worker in workers { worker.stackSize = 8 << 20; worker.start() }
        produce()
        queue.close()
        printer.waitUntilIdle()
        var outcome = printer.outcome
        outcome.interrupted = Interrupt.happened
        printer.finish()
        return outcome
    }

    // MARK: Producer

    private func produce() {
        switch source {
        case .imageBytes:
            enqueue(Item(position: 0, input: "-", saveName: saveDir == nil ? nil : "stdin.png"))
        case .paths(let inputs):
            var names = SaveNames()
            let known = inputs.arguments.contains("-") || inputs.arguments.isEmpty ? nil : Array(inputs)
            if let known { printer.setTotal(known.indices.filter { shard?.includes($0) ?? true }.count) }
            var position = 0
            for input in known.map(AnySequence.init) ?? AnySequence(inputs) {
                defer { position += 1 }
                if Interrupt.happened { return }
                guard shard?.includes(position) ?? true else { continue }
                enqueue(Item(position: position, input: input, saveName: saveDir == nil ? nil : names.name(for: input)))
            }
        }
    }

    private func enqueue(_ item: Item) {
        window.wait()
        printer.expect(item.position)
        queue.push(item)
    }

    // MARK: Workers

    private func work() {
        let pipeline: Pipeline
        do {
            pipeline = try settings.makePipeline()
        } catch {
            while let item = queue.pop() { finish(item, .failure(Terminal.message(for: error))) }
            return
        }
        while let item = queue.pop() {
            if Interrupt.happened {
                finish(item, nil)
                continue
            }
            finish(item, process(item, with: pipeline))
        }
    }

    private enum Result {
        case success(RecognitionReport)
        case failure(String)
    }

    private func process(_ item: Item, with pipeline: Pipeline) -> Result {
        do {
            let original = item.input == "-" && source.isImageBytes
                ? try pipeline.load(bytes: [UInt8](FileHandle.standardInput.readDataToEndOfFile()), name: "-")
                : try pipeline.load(item.input)
            let (report, image) = try pipeline.run(original, state: state)
            if let saveDir, let name = item.saveName {
                try PNGOutput.write(image, resolution: original.decoded.resolution, to: saveDir + "/" + name)
            }
            return .success(report)
        } catch {
            return .failure(Terminal.message(for: error))
        }
    }

    /// Hands a finished item to the printer; nil for one skipped after an interrupt.
    private func finish(_ item: Item, _ result: Result?) {
        let entry: OrderedPrinter.Entry
        switch result {
        case .success(let report):
            let line = format == .jsonl ? JSONLines.line(report)
                : "==> \(report.image) <==\n" + report.recognized.text.trimmingCharacters(in: .newlines)
            entry = .init(output: line, error: nil, report: report)
        case .failure(let message):
            let line = format == .jsonl ? JSONLines.line(ErrorReport(image: item.input, error: message)) : nil
            entry = .init(output: line, error: message, report: nil)
        case nil:
            entry = .init(output: nil, error: nil, report: nil)
        }
        printer.deliver(item.position, entry) { [publisher] report in publisher?.publish(report) }
        window.signal()
    }
}

private extension BatchSource {
    var isImageBytes: Bool {
        if case .imageBytes = self { return true }
        return false
    }
}

/// Prints results in input order, each line whole, and keeps the counts.
final class OrderedPrinter: @unchecked Sendable {
    struct Entry {
        var output: String?
        var error: String?
        var report: RecognitionReport?
    }

    private let condition = NSCondition()
    private var expected: [Int] = []
    private var ready: [Int: Entry] = [:]
    private(set) var outcome = BatchRun.Outcome()
    private let progress: ProgressBar?

    init(progress: ProgressBar?) {
        self.progress = progress
    }

    func setTotal(_ total: Int) { progress?.total = total }

    /// Registers the next position in input order.
    func expect(_ position: Int) {
        condition.withLock { expected.append(position) }
    }

    /// Stores a finished entry and prints every entry now at the head of the line.
    func deliver(_ position: Int, _ entry: Entry, publish: (RecognitionReport) -> Void) {
        condition.withLock {
            ready[position] = entry
            while let head = expected.first, let next = ready.removeValue(forKey: head) {
                expected.removeFirst()
                if let error = next.error {
                    outcome.failures += 1
                    progress?.clear()
                    Terminal.printError(error)
                } else if next.report != nil {
                    outcome.succeeded += 1
                }
                if let report = next.report { publish(report) }
                if let output = next.output {
                    progress?.clear()
                    Terminal.print(output)
                }
                progress?.update(done: outcome.succeeded + outcome.failures, failed: outcome.failures)
            }
            condition.broadcast()
        }
    }

    func waitUntilIdle() {
        condition.withLock {
            while !expected.isEmpty { condition.wait() }
        }
    }

    func finish() { progress?.finish() }
}

/// A queue with a capacity: `push` waits while it is full, `pop` while it is empty, and
/// returns nil once it is closed and drained.
final class BlockingQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func push(_ item: Element) {
        condition.withLock {
            while items.count >= capacity { condition.wait() }
            items.append(item)
            condition.broadcast()
        }
    }

    func pop() -> Element? {
        condition.withLock {
            while items.isEmpty && !closed { condition.wait() }
            guard !items.isEmpty else { return nil }
            condition.broadcast()
            return items.removeFirst()
        }
    }

    func close() {
        condition.withLock {
            closed = true
            condition.broadcast()
        }
    }
}
