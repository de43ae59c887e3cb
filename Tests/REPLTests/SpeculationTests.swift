import Core
import CoreTestSupport
import Dispatch
import Foundation
import Imaging
import REPL
import Recognition
import Reports
import Session
import Synchronization
import TestSupport
import Testing

/// A recognizer whose recognitions run until they are cancelled, to stand for speculative
/// work that would otherwise hold the cores; it counts what it started and what stopped.
final class UnendingRecognizer: Recognizer, Sendable {
    let started = Atomic<Int>(0)
    let cancelled = Atomic<Int>(0)
    /// Signalled when a guess (a recognition with a monitor) starts.
    let starts = DispatchSemaphore(value: 0)

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        try recognize(image, resolution: resolution, monitor: nil)
    }

    func recognize(_ image: RGBImage, resolution: Int?, monitor: RecognitionMonitor?) throws -> RecognizedText {
        started.add(1, ordering: .relaxed)
        // Only a guess, which has a monitor, spins: the session's own reading (none) fails at
        // once and must not count as a guess under way.
        guard let monitor else { throw RecognitionError.recognitionFailed }
        starts.signal()
        // Tesseract asks its monitor between words; this asks every millisecond, for fifteen
        // minutes at most: a speculation that is never cancelled fails its test instead of
        // hanging. The bound is longer than a loaded machine can keep the test from typing its
        // command: a guess that gave up on its own first (a minute did, under two CPU hogs
        // and the rest of the suite) would not be there to be cancelled.
        let deadline = ContinuousClock.now + .seconds(900)
        while !monitor.isCancelled {
            guard ContinuousClock.now < deadline else { throw RecognitionError.recognitionFailed }
            usleep(1000)
        }
        cancelled.add(1, ordering: .relaxed)
        throw RecognitionError.cancelled
    }
}

@Suite("Speculation: transitions prepared while the user reads")
struct SpeculationTests {
    private func driver(recognizer: any Recognizer = FakeRecognizer(), factory: RecognizerFactory? = nil,
                        images: [String], truth: TruthSource = .none) -> ReplDriver {
        let pipeline = Pipeline(settings: RecognitionSettings(), recognizer: recognizer, cacheBudget: 1 << 26, truth: truth)
        return ReplDriver(pipeline: pipeline, images: images, seed: 11, publisher: nil, home: nil,
                          factory: factory ?? { _ in FakeRecognizer() })
    }

    private func report(_ outputs: [ReplOutput]) throws -> RecognitionReport { try firstReport(outputs) }

    private func speculationStatus(_ session: ReplDriver) throws -> SessionStatus.Speculation? {
        guard case .status(let status) = try #require(session.handle("status").first).content else {
            Issue.record("status gave no status")
            return nil
        }
        return status.speculation
    }

    private static let script = ["blur", "25%", "75%", "original", "binarize", "75%", "next", "blur", "slider 1.5",
                                 "25%", "original", "next"]

    @Test("From the original: the other segments and the next image, blurred-away text first")
    func predictionsFromOriginal() async throws {
        var machine = SessionMachine(images: ["a.png", "b.png", "c.png"], seed: 3)
        _ = machine.start(with: "a.png")
        _ = machine.imageLoaded("a.png")
        let predictions = Prediction.next(from: machine, pixels: 1_000_000, recognitionTime: 800, known: { _ in false })
        #expect(predictions.map(\.command) == [.filter(.select(.blur)), .filter(.select(.binarize)), .next])
        var copy = machine
        guard case .load(let nextPath) = copy.handle(.next) else { Issue.record("next loads"); return }
        #expect(predictions.last?.work == .load(path: nextPath))
        #expect(predictions.map(\.cost) == predictions.map(\.cost).sorted())
    }

    @Test("From a filter: its 25% and 75% on the current image, and nothing already known")
    func predictionsFromFilter() async throws {
        var machine = SessionMachine(images: ["a.png"], seed: 3)
        _ = machine.start(with: "a.png")
        _ = machine.imageLoaded("a.png")
        _ = machine.handle(.filter(.select(.binarize)))
        let threshold = FilterOperation(.binarize)
        let predictions = Prediction.next(from: machine, pixels: 1_000_000, recognitionTime: 800,
                                          known: { $0.isEmpty })
        // The original is known (cached); with one image, next would show the same one.
        let expected: [SessionCommand] = [.filter(.step(0.25)), .filter(.step(0.75)), .filter(.select(.blur))]
        #expect(predictions.count == 3 && expected.allSatisfy(predictions.map(\.command).contains))
        #expect(predictions.contains { $0.work == .render(operations: [threshold, FilterOperation(.binarize, intensity: 0.75)]) })
        #expect(predictions.first?.command == .filter(.select(.blur)), "blurred away, so cheapest to recognise")
    }

    @Test("On a document's page: the next page with the filters kept; nothing after the last page")
    func predictionsOnADocument() async throws {
        var machine = SessionMachine(images: ["scan.pdf"], seed: 3)
        _ = machine.imageLoaded("scan.pdf", page: .init(number: 1, count: 2))
        _ = machine.handle(.filter(.select(.binarize)))
        let predictions = Prediction.next(from: machine, pixels: 1_000_000, recognitionTime: 800, known: { _ in false })
        let turn = try #require(predictions.first { $0.command == .page(.next) })
        #expect(turn.work == .turnPage(path: "scan.pdf", page: 2, operations: [FilterOperation(.binarize)]))
        #expect(predictions.map(\.cost) == predictions.map(\.cost).sorted())
        _ = machine.handle(.page(.next))
        _ = machine.pageLoaded(.init(number: 2, count: 2))
        let atTheEnd = Prediction.next(from: machine, pixels: 1_000_000, recognitionTime: 800, known: { _ in false })
        #expect(!atTheEnd.contains { $0.command == .page(.next) })
    }

    @Test("Speculation never changes what a command returns: same texts, counts, filters and accuracy with and without")
    func sameOutputs() async throws {
        let images = try TestImages.files(widths: [20, 24, 28])
        // Each image's truth beside it, so that every report has an accuracy to compare.
        for image in images {
            try "common size\(image.count)\n".write(toFile: (image as NSString).deletingPathExtension + ".txt",
                                                     atomically: true, encoding: .utf8)
        }
        let plain = driver(images: images, truth: .sidecar)
        let speculating = driver(images: images, truth: .sidecar)
        speculating.startSpeculating(engines: 2, budget: 1 << 24)
        var prepared = 0
        var pairs = [(try report(plain.start(with: images[0])), try report(speculating.start(with: images[0])))]
        for line in Self.script {
            speculating.waitUntilPrepared()
            pairs.append((try report(plain.handle(line)), try report(speculating.handle(line))))
            if pairs.last?.1.prepared == true { prepared += 1 }
        }
        for (without, with) in pairs {
            #expect(with.image == without.image)
            #expect(with.filters == without.filters)
            #expect(with.recognized == without.recognized)
            #expect(with.wordCount == without.wordCount)
            #expect(with.topWords == without.topWords)
            #expect(with.changes == without.changes)
            #expect(without.accuracy != nil, "\(without.image) \(without.filters) has no accuracy")
            #expect(with.accuracy == without.accuracy, "\(with.image) \(with.filters), prepared: \(with.prepared)")
            #expect(!without.prepared)
        }
        // Every command of the script but the revisits of the original and the slider was predicted.
        #expect(prepared == Self.script.count - 3, "\(pairs.map(\.1.prepared))")
        #expect(speculating.prompt == plain.prompt)
    }

    @Test("With Tesseract, prepared transitions read exactly what the session's own engine reads")
    func sameOutputsWithTesseract() async throws {
        let image = Paths.images + "/receipt.png"
        let settings = RecognitionSettings()
        let make = { () throws -> ReplDriver in
            ReplDriver(pipeline: try Pipeline.make(settings, cacheBudget: 1 << 28), images: [image], seed: 1,
                       publisher: nil, home: nil)
        }
        let (plain, speculating) = (try make(), try make())
        speculating.startSpeculating(engines: 2, budget: 1 << 27)
        var pairs = [(try report(plain.start(with: image)), try report(speculating.start(with: image)))]
        for line in ["blur", "25%", "75%", "original", "binarize", "75%"] {
            speculating.waitUntilPrepared()
            pairs.append((try report(plain.handle(line)), try report(speculating.handle(line))))
        }
        #expect(pairs.filter(\.1.prepared).count == 5, "all but the revisit of the original were prepared")
        for (without, with) in pairs {
            #expect(with.filters == without.filters)
            #expect(with.recognized == without.recognized)
            #expect(with.topWords == without.topWords)
        }
    }

    @Test("A prepared transition says so once; shown again it is a plain cache hit")
    func preparedOnce() async throws {
        let images = try TestImages.files(widths: [20, 24])
        let recognizer = FakeRecognizer()
        let session = driver(recognizer: recognizer, images: images)
        session.startSpeculating(engines: 1, budget: 1 << 24)
        _ = session.start(with: images[0])
        session.waitUntilPrepared()
        let before = try #require(try speculationStatus(session))
        #expect(before.ready > 0 && before.preparing == 0 && before.queued == 0 && before.leftOut == 0, "\(before)")
        let blur = try report(session.handle("blur"))
        #expect(blur.prepared && blur.cached)
        #expect(recognizer.calls.load(ordering: .relaxed) == 1, "only the original was recognised by the session's engine")
        _ = session.handle("original")
        let again = try report(session.handle("blur"))
        #expect(again.cached && !again.prepared)
    }

    @Test("A typed command that was not predicted stops the speculation and runs on the session's engine at once")
    func typedCommandFirst() async throws {
        let images = try TestImages.files(widths: [20, 24])
        let speculative = UnendingRecognizer()
        let session = driver(factory: { _ in speculative }, images: images)
        session.startSpeculating(engines: 2, budget: 1 << 24)
        _ = session.start(with: images[0])
        // Both speculative engines are busy with guesses that would never end on their own.
        #expect(await speculative.starts.signalled(within: 30))
        #expect(await speculative.starts.signalled(within: 30))
        // sauvola is not among the predictions.
        let typed = try report(session.handle("sauvola"))
        #expect(!typed.prepared && !typed.cached, "recognised by the session's engine")
        // A bound for a hang, not a time the test claims: on a loaded machine this task may wait
        // for a shared thread for a while between its polls.
        let cancelled = await BackgroundProcess.wait(timeout: 300) { speculative.cancelled.load(ordering: .relaxed) >= 2 }
        #expect(cancelled)
        #expect(speculative.cancelled.load(ordering: .relaxed) >= 2, "the guesses running were cancelled")
    }

    @Test("Prepared renderings stay within the budget: a budget smaller than one image prepares nothing")
    func budget() async throws {
        let images = try TestImages.files(widths: [20, 24])
        let speculative = FakeRecognizer()
        let session = driver(factory: { _ in speculative }, images: images)
        session.startSpeculating(engines: 2, budget: 1)
        _ = session.start(with: images[0])
        session.waitUntilPrepared()
        #expect(speculative.calls.load(ordering: .relaxed) == 0)
        let status = try #require(try speculationStatus(session))
        #expect(status.ready == 0 && status.leftOut > 0, "status says what was left out: \(status)")
        #expect(try !report(session.handle("blur")).prepared)
    }

    @Test("A next read ahead is not used when the file was replaced since")
    func replacedFile() async throws {
        let folder = try Paths.temporaryDirectory()
        let images = try TestImages.files(widths: [20, 24], in: folder)
        let session = driver(images: images)
        session.startSpeculating(engines: 1, budget: 1 << 24)
        _ = session.start(with: images[0])
        session.waitUntilPrepared()
        // next never shows the image shown when there is another.
        let other = images[1]
        try Data(try TestImages.png(width: 32)).write(to: URL(fileURLWithPath: other))
        let next = try report(session.handle("next"))
        #expect(next.image == other)
        #expect(!next.prepared)
        #expect(next.size.width == 32, "the file as it is now")
    }
}
