import Core
import CoreTestSupport
import Dispatch
import Foundation
import Imaging
import Recognition
import Runs
import Synchronization
import TestSupport
import Testing

/// `ExpectedCosts` is internal to Runs and the tests import public and package API only, so
/// what it tells a parallel run is seen in the order the run starts its pages: the engines
/// take the costliest waiting first, by the cost it gave each page before any was decoded.
@Suite("What a page is expected to cost, known before it is decoded")
struct ExpectedCostsTests {
    private static let patience = 60.0

    /// A PNG of `width` by `height` in `folder`.
    private func png(_ width: Int, _ height: Int, in folder: String) throws -> String {
        let path = "\(folder)/\(width)x\(height).png"
        try Data(try TestImages.png(width: width, height: height)).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The sizes of the pages a run of `inputs` on two engines started, in the order it started
    /// them: one engine is held on its first page until the others are all started, the other
    /// on its first until every input is listed, so the order after the first two is the order
    /// the run chose with every page waiting.
    private func startingOrder(of inputs: [String], pages: Int) throws -> [Size] {
        let listed = ListedInputs(inputs)
        let recognizer = HoldingRecognizer(total: pages, inputsListed: listed.exhausted)
        let runner = ImageRunner(settings: RecognitionSettings(), factory: { _ in recognizer }, state: FilterState(), jobs: 2)
        var failures: [String] = []
        _ = try runner.run(listed) { result, _ in
            if case .failed(let message) = result.outcome { failures.append(message) }
        }
        #expect(failures.isEmpty)
        return recognizer.started.withLock { $0 }
    }

    @Test("With every page waiting, the largest by its header starts first, equals in input order, a TIFF's page (no size known) last")
    func costliestFirst() throws {
        let folder = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let tiff = folder + "/two-pages.tif"
        try TestDocuments.multipageTIFF(of: [Paths.corpus + "/phototest.tif", Paths.corpus + "/eurotext.tif"], at: tiff)
        let inputs = [try png(100, 40, in: folder), try png(300, 200, in: folder), try png(60, 100, in: folder), tiff,
                      try png(50, 50, in: folder), try png(400, 300, in: folder), try png(100, 60, in: folder),
                      try png(200, 100, in: folder)]
        // The units in input order, with what each is expected to cost: a PNG its header's pixels, a TIFF's page 0.
        let units: [(size: Size, cost: Int)] = [
            (Size(100, 40), 4_000), (Size(300, 200), 60_000), (Size(60, 100), 6_000),
            (Size(640, 480), 0), (Size(1024, 800), 0),
            (Size(50, 50), 2_500), (Size(400, 300), 120_000), (Size(100, 60), 6_000), (Size(200, 100), 20_000),
        ]
        let started = try startingOrder(of: inputs, pages: units.count)
        try #require(started.count == units.count, "\(started)")
        #expect(started.sorted() == units.map(\.size).sorted(), "every page read once")

        // The first two started before the run had seen every input; the rest, costliest first.
        let rest = units.filter { !started.prefix(2).contains($0.size) }
        let expected = rest.enumerated().sorted { left, right in
            left.element.cost != right.element.cost ? left.element.cost > right.element.cost : left.offset < right.offset
        }.map(\.element.size)
        #expect(Array(started.dropFirst(2)) == expected)
    }
}

/// A page's width and height, as the recogniser saw it.
private struct Size: Hashable, Comparable, Sendable, CustomStringConvertible {
    var width: Int, height: Int
    init(_ width: Int, _ height: Int) { (self.width, self.height) = (width, height) }
    static func < (left: Size, right: Size) -> Bool { (left.width, left.height) < (right.width, right.height) }
    var description: String { "\(width)x\(height)" }
}

/// The inputs of a run, telling when the run has asked for one past the last: by then every
/// page has its expected cost and waits for an engine.
private struct ListedInputs: Sequence, Sendable {
    let paths: [String]
    let exhausted = DispatchSemaphore(value: 0)

    init(_ paths: [String]) { self.paths = paths }

    func makeIterator() -> Iterator { Iterator(paths: paths, exhausted: exhausted) }

    struct Iterator: IteratorProtocol {
        let paths: [String]
        let exhausted: DispatchSemaphore
        var index = 0

        mutating func next() -> String? {
            defer { index += 1 }
            guard index < paths.count else {
                if index == paths.count { exhausted.signal() }
                return nil
            }
            return paths[index]
        }
    }
}

/// Notes the size of each page in the order recognitions start. The first recognition holds
/// its engine until every other page has started; the second, on the other engine, waits
/// until the run has listed every input. That engine then takes the rest alone, one at a
/// time, each the one the run chose with every page waiting; the two pages held were taken
/// before that, when only some were.
private final class HoldingRecognizer: Recognizer, Sendable {
    let started = Mutex<[Size]>([])
    let total: Int
    let inputsListed: DispatchSemaphore
    let allStarted = DispatchSemaphore(value: 0)

    init(total: Int, inputsListed: DispatchSemaphore) {
        self.total = total
        self.inputsListed = inputsListed
    }

    func recognize(_ image: RGBImage, resolution: Int?) throws -> RecognizedText {
        let call = started.withLock { started in
            started.append(Size(image.width, image.height))
            return started.count
        }
        if call == total { allStarted.signal() }
        switch call {
        case 1 where call < total: _ = allStarted.wait(timeout: .now() + 60)
        case 2: _ = inputsListed.wait(timeout: .now() + 60)
        default: break
        }
        return RecognizedText(text: "page", meanConfidence: 90, words: [])
    }
}
